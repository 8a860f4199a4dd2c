/** Stopping the stack's helper processes (dynalite, s3rver, the event runtime). */
import type { ChildProcess } from 'node:child_process';

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
