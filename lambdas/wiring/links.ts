/**
 * The office's temporary links (domain/staff/issue-link.ts, temporary-links.ts): issuing one (its
 * token, its record, its e-mail), the ledger, revoking one, each recorded in the audit trail; and
 * the public side that opens a live link.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { listLinks, markLinkOpened, readLink, recordLink, revokeLink } from '#adapters/store/temporary-links-store';
import { issueToken, resolveToken } from '#adapters/store/tokens-store';
import type { issueLinkByOffice } from '#domain/staff/issue-link';
import type { openTemporaryLink, readLinkLedger, revokeLinkByOffice } from '#domain/staff/temporary-links';
import { config } from '#lambdas/config';
import type { StaffMember } from '#middleware/staff-session';
import { sendMail } from './mail';
import { freshOfficeWords } from './office-words';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';

/** The site a link opens (PUBLIC_ORIGIN). */
export const linkOrigin = (): string => config().publicOrigin;

/** With the office's current words of the link's e-mail (Settings). */
export async function issueLinkPorts(staff: StaffMember, event: APIGatewayProxyEventV2): Promise<PortsOf<typeof issueLinkByOffice>> {
  await freshOfficeWords();
  return { issueToken, recordLink, sendMail, audit: staffAudit(staff, event) };
}

export function linkLedgerPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof readLinkLedger> {
  return { listLinks, audit: staffAudit(staff, event) };
}

export function revokeLinkPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof revokeLinkByOffice> {
  return { readLink, revokeLink, audit: staffAudit(staff, event) };
}

export function openLinkPorts(): PortsOf<typeof openTemporaryLink> {
  return { resolveToken, markLinkOpened };
}
