/**
 * Asks for a submission's confirmation e-mail without waiting for it: the confirmation Lambda
 * (CONFIRMATION_FUNCTION_NAME) is invoked asynchronously, with Lambda's own retries and a
 * dead-letter queue. How the job starts is given (lambdas/wiring/submission.ts: this invoke, or
 * the local stack's stand-in, which runs the same job in its process after the submit has answered).
 */
import { config } from '#lambdas/config';
import { signedInvoke } from '../async-invoke';
import { log } from '../log';

/** Queues the confirmation job for `sub` with its Lambda; throws when it could not. */
export async function invokeConfirmation(sub: string): Promise<void> {
  const name = config().confirmationFunctionName;
  if (!name) throw new Error('CONFIRMATION_FUNCTION_NAME is not set');
  await signedInvoke('InvokeCommand', name, { sub });
}

/** Never throws: the submission stands whatever happens to its e-mail. */
export async function requestConfirmation(start: (sub: string) => Promise<void>, sub: string): Promise<void> {
  try {
    await start(sub);
  } catch (error) {
    log.error('confirmation e-mail request failed', { sub, error });
  }
}
