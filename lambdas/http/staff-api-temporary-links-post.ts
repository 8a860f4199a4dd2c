import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/staff';
import { config } from '#lambdas/config';
import { appendAudit } from '#adapters/store/audit-store';
import { issueToken } from '#adapters/store/tokens-store';
import { issueTemporaryLink } from '#domain/staff/issue-link';
import { issueTemporaryLinkInput } from '#form/wire/staff';
import { sourceIp } from '#middleware/source-ip';

export const handler = httpHandler(route('issueTemporaryLink'), issueTemporaryLinkInput, async ({ body, staff, event }) => {
  await appendAudit({ staff: staff.email, action: 'temporary-link', ip: sourceIp(event), detail: { expires_in_days: String(body.expiresInDays), keys: Object.keys(body.answer).join(' ') } });
  return issueTemporaryLink({ issueToken }, config().publicOrigin, body, staff.email);
});
