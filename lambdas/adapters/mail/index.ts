/**
 * Sending e-mail: Amazon SES v2 in AWS (ses.ts), the dev outbox in the local stack (registered by
 * local/stack.ts). The domain calls `sendMail` and never knows which.
 */
import { config } from '../../config';
import { sendWithSes } from './ses';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The link the mail asks the reader to open (the dev outbox lists it). */
  link?: string;
}

/** Returns the provider's message id. */
export type Mailer = (mail: OutgoingMail) => Promise<string>;

let local: Mailer | undefined;

/** The local stack's mailer (the dev outbox); tests may register a failing one. */
export function registerLocalMailer(mailer: Mailer | undefined): void {
  local = mailer;
}

export async function sendMail(mail: OutgoingMail): Promise<string> {
  if (local && (config().appEnv === 'local' || !config().mailFromAddress)) return local(mail);
  return sendWithSes(mail);
}
