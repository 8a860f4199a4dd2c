import { recordLink } from '#adapters/store/temporary-links-store';
import { issueToken } from '#adapters/store/tokens-store';
import { issueLinkByOffice } from '#domain/staff/issue-link';
import { ADMIN_ONLY } from '#form/wire/roles';
import { issueTemporaryLinkInput } from '#form/wire/staff';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { sendMail } from '#wiring/mail';
import { staffAudit } from './staff-audit';

export const handler = httpHandler(
  routeRow('issueTemporaryLink', { access: 'staff', roles: ADMIN_ONLY }),
  issueTemporaryLinkInput,
  async ({ body, staff, event }) =>
    issueLinkByOffice({ issueToken, recordLink, sendMail, audit: staffAudit(staff, event) }, config().publicOrigin, body, staff.email),
);
