/**
 * Which of the e2e project's stacks a test file uses (a setup file of the project). The global
 * setup starts one stack per e2e file that may run at once; a file leases one for its whole run,
 * so on each stack files still run one after another, as they did when the project ran one file
 * at a time: what is global to a stack (the releases of "every decided application", the reading
 * queue, the outbox, the office's words) is never shared by two files running at once. The lease
 * is a lock file per stack, created exclusively, in a directory of this run's.
 */
import { closeSync, openSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, inject } from 'vitest';

export interface E2eStack {
  url: string;
  /** The stack's dynalite and s3rver, for tests that seed storage directly (service tokens). */
  dynamodbEndpoint: string;
  s3Endpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eStacks: E2eStack[];
    /** Where the leases' lock files go (removed with the stacks). */
    e2eLeaseDir: string;
  }
}

/** How long a file waits for a stack: the longest file runs about two minutes on a loaded machine. */
const LEASE_WAIT_MS = 15 * 60_000;

interface Lease {
  stack?: E2eStack;
  lock?: string;
  own?: boolean;
}
// On globalThis: this setup file runs again before each file, while the modules a file imports (this
// one included) load once per worker (the project's isolate: false); all of them see one lease,
// which afterAll undoes whole, so the next file in the worker starts without one.
const lease = ((globalThis as { __E2E_LEASE__?: Lease }).__E2E_LEASE__ ??= {});

/** For a file that starts a stack of its own (other settings, another institution): it leases none. */
export function usesOwnStack(): void {
  lease.own = true;
}

/** The stack this file leased. */
export function leasedStack(): E2eStack {
  if (!lease.stack) throw new Error(lease.own ? 'this file said it uses a stack of its own' : 'the stack is leased in beforeAll');
  return lease.stack;
}

async function acquire(): Promise<void> {
  const stacks = inject('e2eStacks');
  const dir = inject('e2eLeaseDir');
  const until = Date.now() + LEASE_WAIT_MS;
  while (Date.now() < until) {
    for (const [i, stack] of stacks.entries()) {
      const lock = join(dir, `stack-${i}.lock`);
      try {
        closeSync(openSync(lock, 'wx'));
      } catch {
        continue;
      }
      Object.assign(lease, { stack, lock });
      return;
    }
    await sleep(250);
  }
  throw new Error(`no e2e stack came free in ${LEASE_WAIT_MS / 60_000} minutes (is a file stuck?)`);
}

beforeAll(async () => {
  if (!lease.own) await acquire();
}, LEASE_WAIT_MS + 10_000);

afterAll(() => {
  if (lease.lock) unlinkSync(lease.lock);
  delete lease.stack;
  delete lease.lock;
  delete lease.own;
});
