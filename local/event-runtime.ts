/**
 * The local stand-in for the event Lambdas (conversion on upload, application PDF render): a
 * child process of the stack, as those functions are separate compute in AWS. The CPU-heavy
 * work (image decoding, PDF assembly, driving Chromium) then never blocks the process that
 * answers applicants. It runs at the operating system's normal priority: the local stack is a
 * development and test tool, not tuned to the scheduler of the machine it happens to run on
 * (docs/decisions.md, "The local stack and the scheduler").
 *
 * Protocol over the IPC channel: the parent sends {id, kind: 'convert', event} or
 * {id, kind: 'render', sub} or {id, kind: 'letter', sub} (a decision letter's PDF); the child answers {id, ok, error?} when the job has ended.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { S3Event } from 'aws-lambda';
import type { Config } from '#lambdas/config';
import { stackNodeArgs, stopChild } from './child-process';
import { eventsFile } from './staff-dev';

export type EventJob = { kind: 'convert'; event: S3Event } | { kind: 'render'; sub: string } | { kind: 'letter'; sub: string };
type Request = EventJob & { id: number };
type Reply = { id: number; ok: boolean; error?: string };

export interface EventRuntime {
  run(job: EventJob): Promise<void>;
  stop(): Promise<void>;
}

/** The runtime's process, with the stack's configuration; its dead letters and its submission events go under `dataDir`. */
export function startEventRuntime(config: Config, retryDelaysMs: readonly number[], dataDir: string): EventRuntime {
  const child: ChildProcess = spawn(process.execPath, [...stackNodeArgs(), '--import', 'tsx', join(import.meta.dirname, 'event-runtime-child.ts')], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      LOCAL_EVENT_CONFIG: JSON.stringify(config),
      LOCAL_RETRY_DELAYS_MS: JSON.stringify(retryDelaysMs),
      LOCAL_DEAD_LETTERS_DIR: dataDir,
      LOCAL_EVENTS_FILE: eventsFile(dataDir),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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
    // The child's Chromium goes with it.
    stop: () => stopChild(child),
  };
}
