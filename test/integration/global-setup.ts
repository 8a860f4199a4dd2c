import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startChildStack, type ChildStack } from '../support/child-stack';

let stack: ChildStack | undefined;
let dataDir: string | undefined;

/** One real local stack (dynalite, s3rver, local identity provider, HTTP front) in its own process for the run. */
export async function setup(project: TestProject): Promise<void> {
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
