/**
 * Temporary links: an answer set an admissions office prepares for a prospective applicant,
 * behind a fresh `?token=` link that opens the application with those answers (GET /public/tmp
 * reads it). The answers are checked as an applicant's would be. The office lists the links it
 * issued and may revoke one, which ends its token at once.
 */
import { institutionMail } from '#form/institution-mail';
import { submittedAtInWords } from '#form/print';
import type { TemporaryLinkSummary } from '#form/wire/responses';
import type { TemporaryLinkRequest } from '#form/wire/staff';
import { PAGE_PATHS } from '../application';
import { NotFound } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { OutgoingMail } from '../ports/mail';
import type { TemporaryLinkLedger, TemporaryLinkRecord } from '../ports/temporary-links';
import type { TokenGrant, TokenKind } from '../ports/tokens';

export type { TemporaryLinkRequest };

/** The address the prospect opens: the application's first page with the token. */
export function temporaryLinkUrl(origin: string, token: string): string {
  return `${origin}${PAGE_PATHS[0] ?? '/'}?token=${encodeURIComponent(token)}`;
}

/** The e-mail that carries a link to its recipient; the link on a line of its own (in the product's words). */
export function temporaryLinkMail(input: { to: string; name?: string | undefined; url: string; expiresAt: string }): OutgoingMail {
  return institutionMail(
    'temporaryLink',
    input.to,
    { name: input.name?.trim() || 'future student', link_expires: submittedAtInWords(input.expiresAt) },
    input.url,
  );
}

export const UNKNOWN_LINK = 'There is no temporary link with this id, or it was revoked already.';
export const LINK_NOT_VALID = 'This link is not valid or has expired.';
export const LINKS_PAGE = 50;

export function linkSummary(r: TemporaryLinkRecord): TemporaryLinkSummary {
  return {
    id: r.id,
    issued_at: r.issuedAt,
    issued_by: r.issuedBy,
    expires_at: r.expiresAt,
    keys: r.keys,
    ...(r.recipientName ? { recipient_name: r.recipientName } : {}),
    ...(r.recipientEmail ? { recipient_email: r.recipientEmail } : {}),
    ...(r.openedAt ? { opened_at: r.openedAt } : {}),
    ...(r.revokedAt ? { revoked_at: r.revokedAt } : {}),
    ...(r.revokedBy ? { revoked_by: r.revokedBy } : {}),
  };
}

export async function listTemporaryLinks(
  ledger: Pick<TemporaryLinkLedger, 'listLinks'>,
  cursor?: string,
): Promise<{ items: TemporaryLinkSummary[]; cursor: string | null }> {
  const page = await ledger.listLinks(LINKS_PAGE, cursor);
  return { items: page.items.map(linkSummary), cursor: page.next ?? null };
}

/**
 * Revokes a link: `record` (the audit) is written first, with what the link was, then the token
 * ends. NotFound for an unknown or already revoked link.
 */
export async function revokeTemporaryLink(
  ledger: Pick<TemporaryLinkLedger, 'readLink' | 'revokeLink'>,
  id: string,
  revokedBy: string,
  record: (link: TemporaryLinkRecord) => Promise<unknown>,
  now: Date = new Date(),
): Promise<{ message: string }> {
  const link = await ledger.readLink(id);
  if (!link || link.revokedAt) throw new NotFound(UNKNOWN_LINK);
  await record(link);
  if (!(await ledger.revokeLink(id, revokedBy, now))) throw new NotFound(UNKNOWN_LINK);
  return { message: 'The link is revoked: it no longer opens the application.' };
}

export interface OpenLinkPorts extends Pick<TemporaryLinkLedger, 'markLinkOpened'> {
  resolveToken(kind: TokenKind, token: string, now?: Date): Promise<TokenGrant | undefined>;
}

/** The public side: the prepared answers of a live link (noting its first opening); NotFound otherwise. */
export async function openTemporaryLink(ports: OpenLinkPorts, token: string, now: Date = new Date()): Promise<{ answer: Record<string, string> }> {
  const grant = await ports.resolveToken('tmp', token, now);
  if (!grant) throw new NotFound(LINK_NOT_VALID);
  if (grant.link) await ports.markLinkOpened(grant.link, now);
  return { answer: grant.answers ?? {} };
}

/** What the access record keeps of an issued link: its lifetime, the answer keys (not values), for whom. */
export function linkAuditDetail(request: TemporaryLinkRequest): Record<string, string> {
  return {
    expires_in_days: String(request.expiresInDays),
    keys: Object.keys(request.answer).join(' '),
    ...(request.recipient?.name ? { recipient_name: request.recipient.name } : {}),
    ...(request.recipient?.email ? { recipient_email: request.recipient.email } : {}),
  };
}

/** What the access record keeps of a revoked link: which, issued by whom, for whom. */
export function revokeAuditDetail(link: TemporaryLinkRecord): Record<string, string> {
  return {
    link: link.id,
    issued_by: link.issuedBy,
    ...(link.recipientName ? { recipient_name: link.recipientName } : {}),
    ...(link.recipientEmail ? { recipient_email: link.recipientEmail } : {}),
  };
}

/** GET /staff/api/temporary-links: the links the office issued, newest first; the read is recorded before the list is returned. */
export async function readLinkLedger(ports: Pick<TemporaryLinkLedger, 'listLinks'> & { audit: StaffAudit }, cursor?: string) {
  await ports.audit({ action: 'temporary-links' });
  return listTemporaryLinks(ports, cursor);
}

/** DELETE /staff/api/temporary-links/{id}: the revocation is recorded, with what the link was, before the token ends. */
export function revokeLinkByOffice(ports: Pick<TemporaryLinkLedger, 'readLink' | 'revokeLink'> & { audit: StaffAudit }, id: string, revokedBy: string) {
  return revokeTemporaryLink(ports, id, revokedBy, (link) => ports.audit({ action: 'temporary-link.revoke', detail: revokeAuditDetail(link) }));
}
