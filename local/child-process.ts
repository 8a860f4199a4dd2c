/** Starting and stopping the stack's helper processes (dynalite, s3rver, the event runtime). */
import type { ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';

/** STACK_PROF=<dir> (diagnostics, see bench/load.ts): node flags that write a V8 CPU profile there. */
export function profilerArgs(): string[] {
  return process.env.STACK_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.STACK_PROF}`] : [];
}

/** Raises a child's niceness (lowers its priority); where that is not permitted it keeps its own. */
export function lowerPriority(child: ChildProcess, niceness: number): void {
  if (!child.pid) return;
  try {
    setPriority(child.pid, niceness);
  } catch {
    /* not permitted on this system */
  }
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
