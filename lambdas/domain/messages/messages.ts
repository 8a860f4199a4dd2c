/**
 * The messages an application received (issue 40, item 3): every message a mailing sent is also
 * kept for the applicant, who reads it in the Messages section of their status page, so nothing
 * depends on the e-mail arriving; the office reads the same list on the application's page
 * (recorded as a read of the application).
 */
import type { MessagesReply } from '#form/wire/messages';
import type { StaffAudit } from '../ports/audit';
import type { ApplicantMessages } from '../ports/messages';

/** GET /api/messages: the signed-in applicant's own messages, newest first. */
export async function applicantMessages(ports: { messages: Pick<ApplicantMessages, 'listMessages'> }, application: string): Promise<MessagesReply> {
  return { messages: await ports.messages.listMessages(application) };
}

/** GET /staff/api/applications/{id}/messages: what the application received, newest first (any role: the office's own words). */
export async function applicationMessages(
  ports: { messages: Pick<ApplicantMessages, 'listMessages'>; audit: StaffAudit },
  application: string,
): Promise<MessagesReply> {
  await ports.audit({ action: 'messages', application });
  return { messages: await ports.messages.listMessages(application) };
}
