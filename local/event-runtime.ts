/**
 * The local stand-in for the event Lambdas (conversion on upload, application PDF render): a
 * child process of the stack, as those functions are separate compute in AWS. The CPU-heavy
 * work (image decoding, PDF assembly, driving Chromium) then never blocks the process that
 * answers applicants, and the child runs at the lowest scheduling priority so saves win the CPU.
 *
 * Niceness alone is not enough: Chromium raises its own UI and compositor threads to nice -8
 * when it may (it may as root, as in CI containers), above the API. Under Linux's SCHED_IDLE
 * policy (`chrt --idle`), inherited by Chromium and every process it forks, niceness no longer
 * counts: the renders only get CPU time that nothing else wants.
 *
 * Even so, Chromium slows the processes that share its CPU more than its CPU time says (under
 * `npm run bench:load` without documents: save p99 40 ms with no renders, about 200 ms with
 * idle-class renders, against 45 ms with two idle-class Node busy loops). So on a machine with
 * more than one CPU the runtime is also confined to the last one (`taskset`), and the API,
 * DynamoDB and S3 always have a CPU that Chromium never touches.
 *
 * Protocol over the IPC channel: the parent sends {id, kind: 'convert', event} or
 * {id, kind: 'render', sub} or {id, kind: 'letter', sub} (a decision letter's PDF); the child answers {id, ok, error?} when the job has ended.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import type { S3Event } from 'aws-lambda';
import type { Config } from '#lambdas/config';
import { lowerPriority, stackNodeArgs, stopChild } from './child-process';
import { eventsFile } from './staff-dev';

export type EventJob = { kind: 'convert'; event: S3Event } | { kind: 'render'; sub: string } | { kind: 'letter'; sub: string };
type Request = EventJob & { id: number };
type Reply = { id: number; ok: boolean; error?: string };

/** The lowest niceness (the stack runs at 0), where SCHED_IDLE is not available. */
const CHILD_NICENESS = 19;

export interface EventRuntime {
  run(job: EventJob): Promise<void>;
  stop(): Promise<void>;
}

/** A util-linux tool (present on every Debian-like system), or undefined where there is none. */
function findTool(name: 'chrt' | 'taskset'): string | undefined {
  if (process.platform !== 'linux') return undefined;
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, name))
    .find((path) => existsSync(path));
}

/** The command prefix that runs the event runtime at idle priority, on the last CPU. */
function backgroundPrefix(): string[] {
  const chrt = findTool('chrt');
  const taskset = findTool('taskset');
  const cpus = availableParallelism();
  return [...(taskset && cpus > 1 ? [taskset, '-c', String(cpus - 1)] : []), ...(chrt ? [chrt, '--idle', '0'] : [])];
}

/** The runtime's process, with the stack's configuration; its dead letters and its submission events go under `dataDir`. */
export function startEventRuntime(config: Config, retryDelaysMs: readonly number[], dataDir: string): EventRuntime {
  const node = [process.execPath, ...stackNodeArgs(), '--import', 'tsx', join(import.meta.dirname, 'event-runtime-child.ts')];
  // taskset and chrt set the affinity and policy and exec the next command in place: the IPC
  // channel's descriptor passes through to node.
  const [command, ...args] = [...backgroundPrefix(), ...node];
  const child: ChildProcess = spawn(command!, args, {
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
  lowerPriority(child, CHILD_NICENESS);
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
