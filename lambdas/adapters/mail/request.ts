/**
 * Asks for a submission's confirmation e-mail without waiting for it. In AWS the confirmation
 * Lambda (CONFIRMATION_FUNCTION_NAME) is invoked asynchronously, with Lambda's own retries and a
 * dead-letter queue; the local stack registers an invoker that runs the same job in its process,
 * with the same retries, after the submit has answered.
 */
import { config } from '#lambdas/config';
import { signedInvoke } from '../async-invoke';
import { log } from '../log';

export type LocalConfirmationInvoker = (sub: string) => Promise<unknown>;
let localInvoker: LocalConfirmationInvoker | undefined;

export function registerLocalConfirmation(invoker: LocalConfirmationInvoker | undefined): void {
  localInvoker = invoker;
}

/** Never throws: the submission stands whatever happens to its e-mail. */
export async function requestConfirmationMail(sub: string): Promise<void> {
  try {
    const c = config();
    if (localInvoker && (c.appEnv === 'local' || !c.confirmationFunctionName)) {
      // Not awaited: the e-mail is sent after the submit has answered, as an async invoke is.
      localInvoker(sub).catch((error: unknown) => log.error('confirmation e-mail failed after retries', { sub, error }));
      return;
    }
    if (!c.confirmationFunctionName) throw new Error('CONFIRMATION_FUNCTION_NAME is not set and no local sender is registered');
    await signedInvoke('InvokeCommand', c.confirmationFunctionName, { sub });
  } catch (error) {
    log.error('confirmation e-mail request failed', { sub, error });
  }
}
