import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Endpoints of the stack's dynalite and s3rver, for tests that seed storage directly (service tokens). */
    dynamodbEndpoint: string;
    s3Endpoint: string;
  }
}

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Builds the web app once and starts one local stack (random port, throwaway data) for all e2e files. */
export default async function setup(project: TestProject) {
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would give Vite a development build of React: test what ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'web', 'vite.config.ts'), logLevel: 'error', mode: 'production' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-stack-'));
  // Its own process: the integration project's stack runs in this vitest process's neighbour too,
  // and two stacks must never share one process-wide configuration.
  const { startChildStack } = await import('../support/child-stack');
  // The PDF renderer waits longer for the service view than in AWS: on a loaded test machine the
  // web app can take more than its three seconds to show, and the fallback layout would be printed.
  const stack = await startChildStack({ dataDir, warmRenderer: true, env: { PRINT_ROOT_TIMEOUT_MS: '20000', PRINT_READY_TIMEOUT_MS: '30000' } });
  project.provide('baseUrl', stack.url);
  project.provide('dynamodbEndpoint', stack.dynamodbEndpoint);
  project.provide('s3Endpoint', stack.s3Endpoint);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
