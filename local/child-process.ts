/** Starting and stopping the stack's helper processes (dynalite, s3rver, the event runtime). */
import type { ChildProcess } from 'node:child_process';

/**
 * V8 flags for every Node process of the local stack (npm start and the bench scripts pass the
 * same ones; a unit test keeps package.json in step). Measured with bench:load on 2 cores, where
 * five Node processes and Chromium share the machine: V8's parallel garbage collection hands
 * each young-generation collection to helper threads, and the collecting process then waits for
 * helpers that are themselves waiting for a CPU, so short pauses became the saves' slowest tail.
 * Collected on the main thread, and half as often with a larger young generation, the p99 of an
 * answer save fell from ~105 ms to ~33–85 ms and the stack's own CPU by a fifth (README, Benchmarks).
 */
export const STACK_NODE_FLAGS: readonly string[] = ['--single-threaded-gc', '--max-semi-space-size=32'];

/** The node arguments for a child of the stack: its V8 flags and, when asked, the profiler's. */
export function stackNodeArgs(): string[] {
  return [...STACK_NODE_FLAGS, ...profilerArgs()];
}

/** STACK_PROF=<dir> (diagnostics, see bench/load.ts): node flags that write a V8 CPU profile there. */
export function profilerArgs(): string[] {
  return process.env.STACK_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.STACK_PROF}`] : [];
}

/**
 * Closing the IPC channel asks the child to finish and exit (each child exits on 'disconnect';
 * SIGTERM alone may be taken over by a library's own handler, as puppeteer's). A child that
 * still lingers after three seconds is killed.
 */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  if (child.connected) child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}
