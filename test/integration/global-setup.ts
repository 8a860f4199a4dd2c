import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
 * The web build the stack serves (the PDF's service view is the web app): web/dist, built for the
 * tests' file when it was made for another (after npm start, which builds it for the sample, not
 * for the tests' timetable) or when there is none yet (a fresh clone). The e2e project's set-up,
 * which runs after this one in the same process, builds web/dist for the same file: buildWeb
 * makes it once per process, so a fresh clone's `npm test` builds the web app once, not twice.
 */
async function webDirFor(): Promise<void> {
  const dist = join(ROOT, 'web', 'dist');
  if (existsSync(join(dist, 'index.html')) && !webBuildMismatch(dist, loadInstitution())) return;
  await buildWeb();
}

/** One real local stack (dynalite, s3rver, local identity provider, HTTP front) in its own process for the run. */
export async function setup(project: TestProject): Promise<void> {
  await webDirFor();
  dataDir = mkdtempSync(join(tmpdir(), 'admissions-it-'));
  stack = await startChildStack({ dataDir, warmRenderer: true, env: { ACCESS_TOKEN_TTL_SECONDS: '900' } });
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
