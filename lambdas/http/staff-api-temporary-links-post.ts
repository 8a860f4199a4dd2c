import { ADMIN_ONLY } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { config } from '#lambdas/config';
import { appendAudit } from '#adapters/store/audit-store';
import { issueToken } from '#adapters/store/tokens-store';
import { recordLink } from '#adapters/store/temporary-links-store';
import { sendMail } from '#adapters/mail/index';
import { issueTemporaryLink } from '#domain/staff/issue-link';
import { linkAuditDetail } from '#domain/staff/temporary-links';
import { issueTemporaryLinkInput } from '#form/wire/staff';
import { sourceIp } from '#middleware/source-ip';

export const handler = httpHandler(routeRow('issueTemporaryLink', { access: 'staff', roles: ADMIN_ONLY }), issueTemporaryLinkInput, async ({ body, staff, event }) => {
  await appendAudit({ staff: staff.email, action: 'temporary-link', ip: sourceIp(event), detail: linkAuditDetail(body) });
  return issueTemporaryLink({ issueToken, recordLink, sendMail }, config().publicOrigin, body, staff.email);
});
