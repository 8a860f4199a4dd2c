/**
 * The local stand-in for the event Lambdas (conversion on upload, application PDF render): a
 * child process of the stack, as those functions are separate compute in AWS. The CPU-heavy
 * work (image decoding, PDF assembly, driving Chromium) then never blocks the process that
 * answers applicants, and the child runs at a lower scheduling priority so saves win the CPU.
 *
 * Protocol over the IPC channel: the parent sends {id, kind: 'convert', event} or
 * {id, kind: 'render', sub}; the child answers {id, ok, error?} when the job has ended.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import type { S3Event } from 'aws-lambda';
import type { Config } from '../lambdas/config';

export type EventJob = { kind: 'convert'; event: S3Event } | { kind: 'render'; sub: string };
type Request = EventJob & { id: number };
type Reply = { id: number; ok: boolean; error?: string };

/** Lower than the stack's own priority (0): the applicant-facing process is served first. */
const CHILD_NICENESS = 10;

export interface EventRuntime {
  run(job: EventJob): Promise<void>;
  stop(): Promise<void>;
}

export function startEventRuntime(config: Config, retryDelaysMs: readonly number[]): EventRuntime {
  const child: ChildProcess = fork(join(import.meta.dirname, 'event-runtime-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, LOCAL_EVENT_CONFIG: JSON.stringify(config), LOCAL_RETRY_DELAYS_MS: JSON.stringify(retryDelaysMs) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    if (child.pid) setPriority(child.pid, CHILD_NICENESS);
  } catch {
    /* not permitted on this system: runs at normal priority */
  }
  const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let next = 0;
  child.on('message', (reply: Reply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.ok) waiter.resolve();
    else waiter.reject(new Error(reply.error ?? 'event job failed'));
  });
  child.on('exit', () => {
    for (const waiter of pending.values()) waiter.reject(new Error('the event runtime stopped'));
    pending.clear();
  });
  return {
    run: (job) =>
      new Promise<void>((resolve, reject) => {
        if (!child.connected) return reject(new Error('the event runtime is not running'));
        const id = next++;
        pending.set(id, { resolve, reject });
        child.send({ ...job, id } satisfies Request);
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      // Closing the channel makes the child exit (and its Chromium with it); SIGTERM alone may
      // be taken over by puppeteer's own handler. A child that still lingers is killed.
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
