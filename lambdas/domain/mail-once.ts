/**
 * An e-mail sent at most once per applicant and kind: claimed first (a claim another sender holds,
 * or a mail already sent, means this one is not sent), released when the send fails so the next
 * attempt may claim it at once, marked sent with the provider's id.
 */
import { randomUUID } from 'node:crypto';
import type { MailClaims, Mailer, OutgoingMail } from './ports/mail';

/** True when this call sent it; false when it was sent (or is being sent) already. Throws what the send throws. */
export async function sendOnce(
  ports: MailClaims & { sendMail: Mailer },
  to: { sub: string; kind: string },
  mail: OutgoingMail,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const claimId = randomUUID();
  if (!(await ports.claimMail(to.sub, to.kind, claimId, now, leaseMs))) return false;
  let messageId: string;
  try {
    messageId = await ports.sendMail(mail);
  } catch (error) {
    await ports.releaseMail(to.sub, to.kind, claimId);
    throw error;
  }
  await ports.markMailSent(to.sub, to.kind, claimId, now, messageId);
  return true;
}
