/**
 * Issues one temporary link (the route and `npm run staff -- links` share it): a token for the
 * prepared answers, a line in the office's ledger, and, when a recipient's e-mail is given, the
 * link sent to them.
 */
import { randomBytes } from 'node:crypto';
import type { IssuedTemporaryLink } from '#form/wire/responses';
import type { StaffAudit } from '../ports/audit';
import type { Mailer } from '../ports/mail';
import type { TemporaryLinkLedger, TemporaryLinkRecord } from '../ports/temporary-links';
import type { TokenIssuer } from '../ports/tokens';
import { linkAuditDetail, temporaryLinkMail, temporaryLinkUrl, type TemporaryLinkRequest } from './temporary-links';

export interface IssueLinkPorts extends TokenIssuer, Pick<TemporaryLinkLedger, 'recordLink'> {
  /** Absent where nothing is sent (the command line writes the links into a file). */
  sendMail?: Mailer;
}

/** Time-sortable: 9 base-36 digits of the issue time, 12 random hex digits. */
export function newLinkId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

export const MAIL_NOT_SENT = 'The link was created, but the e-mail could not be sent: copy the link and send it yourself.';

export async function issueTemporaryLink(
  ports: IssueLinkPorts,
  origin: string,
  request: TemporaryLinkRequest,
  issuedBy: string,
  now: Date = new Date(),
): Promise<IssuedTemporaryLink> {
  const ttl = request.expiresInDays * 24 * 60 * 60;
  const id = newLinkId(now);
  const expiresAt = new Date(now.getTime() + ttl * 1000).toISOString();
  // No applicant stands behind a prepared answer set: the grant names who issued it, and its link.
  const token = await ports.issueToken({ kind: 'tmp', sub: `staff:${issuedBy}`, answers: request.answer, link: id }, ttl, now);
  const record: TemporaryLinkRecord = { id, issuedAt: now.toISOString(), issuedBy, expiresAt, keys: Object.keys(request.answer) };
  if (request.recipient?.name) record.recipientName = request.recipient.name;
  if (request.recipient?.email) record.recipientEmail = request.recipient.email;
  await ports.recordLink(record, token);
  const url = temporaryLinkUrl(origin, token);
  const issued: IssuedTemporaryLink = { id, url, expires_at: expiresAt };
  const to = request.recipient?.email;
  if (to && ports.sendMail) {
    try {
      await ports.sendMail(temporaryLinkMail({ to, name: request.recipient?.name, url, expiresAt }));
      issued.sent_to = to;
    } catch {
      // The link stands: the person issuing it is told to send it themselves.
      issued.message = MAIL_NOT_SENT;
    }
  }
  return issued;
}

/** POST /staff/api/temporary-links: recorded (what was prepared, for how long) before the link is issued. */
export async function issueLinkByOffice(
  ports: IssueLinkPorts & { audit: StaffAudit },
  origin: string,
  request: TemporaryLinkRequest,
  issuedBy: string,
): Promise<IssuedTemporaryLink> {
  await ports.audit({ action: 'temporary-link', detail: linkAuditDetail(request) });
  return issueTemporaryLink(ports, origin, request, issuedBy);
}
