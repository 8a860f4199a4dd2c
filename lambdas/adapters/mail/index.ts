/**
 * Sending e-mail: Amazon SES v2 in AWS (ses.ts), the dev outbox in the local stack (registered by
 * local/stack.ts). The domain calls `sendMail` and never knows which.
 */
import type { Mailer, OutgoingMail } from '#domain/ports/mail';
import { config } from '#lambdas/config';
import { sendWithSes } from './ses';

export type { Mailer, OutgoingMail };

let local: Mailer | undefined;

/** The local stack's mailer (the dev outbox); tests may register a failing one. */
export function registerLocalMailer(mailer: Mailer | undefined): void {
  local = mailer;
}

/** Whether this deployment has a way to send mail: a sender identity (mailFromAddress) or the local outbox. */
export function canSendMail(): boolean {
  return local !== undefined || Boolean(config().mailFromAddress);
}

export async function sendMail(mail: OutgoingMail): Promise<string> {
  if (local && (config().appEnv === 'local' || !config().mailFromAddress)) return local(mail);
  return sendWithSes(mail);
}
