import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWeb } from '../support/web-build';
import type { E2eStack } from './stack-lease';

/**
 * How many e2e files run at once, each on a stack of its own (test/e2e/stack-lease.ts): E2E_STACKS,
 * or two when Vitest runs two or more files at once (one when it runs one). More would not pay on two cores: each file
 * drives a Chromium and its stack's handlers, and the other projects run beside them.
 */
function stackCount(project: TestProject): number {
  const asked = Number(process.env.E2E_STACKS);
  if (Number.isInteger(asked) && asked > 0) return asked;
  return Math.max(1, Math.min(2, project.config.maxWorkers));
}

/** Builds the web app once and starts the e2e stacks (random ports, throwaway data). */
export default async function setup(project: TestProject) {
  await buildWeb();
  const runDir = mkdtempSync(join(tmpdir(), 'e2e-stacks-'));
  // Their own processes: the integration project's stack runs in this vitest process's neighbour
  // too, and two stacks must never share one process-wide configuration.
  const { startChildStack } = await import('../support/child-stack');
  const stacks = await Promise.all(
    Array.from({ length: stackCount(project) }, (_, i) =>
      startChildStack({
        dataDir: mkdtempSync(join(runDir, `stack-${i}-`)),
        warmRenderer: true,
        // The PDF renderer waits longer for the service view than in AWS: on a loaded test machine the
        // web app can take more than its three seconds to show, and the fallback layout would be printed.
        env: { PRINT_ROOT_TIMEOUT_MS: '20000', PRINT_READY_TIMEOUT_MS: '30000' },
      }),
    ),
  );
  const provided: E2eStack[] = stacks.map((s) => ({ url: s.url, dynamodbEndpoint: s.dynamodbEndpoint, s3Endpoint: s.s3Endpoint }));
  project.provide('e2eStacks', provided);
  project.provide('e2eLeaseDir', runDir);
  return async () => {
    await Promise.all(stacks.map((s) => s.stop()));
    rmSync(runDir, { recursive: true, force: true });
  };
}
