import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadInstitution } from '#config/load';
import { webBuildMismatch } from '#config/web-build';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { buildWeb } from '../support/web-build';

const ROOT = resolve(import.meta.dirname, '..', '..');

let stack: ChildStack | undefined;
let dataDir: string | undefined;

/**
 * The web build the stack serves (the PDF's service view is the web app): web/dist, unless it was
 * made for another file (after npm start, which builds it for the sample, not for the tests'
 * timetable): then one of its own, so it never races the e2e project's build of web/dist.
 */
async function webDirFor(): Promise<{ WEB_DIR?: string }> {
  if (!webBuildMismatch(join(ROOT, 'web', 'dist'), loadInstitution())) return {};
  const own = join(ROOT, '.test-data', 'web-integration');
  await buildWeb(undefined, own);
  // The test files' own stacks (child-stack.ts passes the environment on) serve it too.
  process.env.WEB_DIR = own;
  return { WEB_DIR: own };
}

/** One real local stack (dynalite, s3rver, local identity provider, HTTP front) in its own process for the run. */
export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'admissions-it-'));
  stack = await startChildStack({ dataDir, warmRenderer: true, env: { ACCESS_TOKEN_TTL_SECONDS: '900', ...(await webDirFor()) } });
  project.provide('baseUrl', stack.url);
  project.provide('dataDir', dataDir);
  project.provide('dynamodbEndpoint', stack.dynamodbEndpoint);
  project.provide('s3Endpoint', stack.s3Endpoint);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The stack's data directory (its signing key lives there: tests mint expired or foreign tokens). */
    dataDir: string;
    /** Endpoints of the stack's dynalite and s3rver, for tests that seed or inspect storage directly. */
    dynamodbEndpoint: string;
    s3Endpoint: string;
  }
}
