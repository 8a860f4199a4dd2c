import { routeRow } from '#lambdas/route-row';
import { ADMIN_ONLY } from '#form/wire/roles';
import { httpHandler } from '#middleware/access/staff';
import { appendAudit } from '#adapters/store/audit-store';
import { listLinks } from '#adapters/store/temporary-links-store';
import { listTemporaryLinks } from '#domain/staff/temporary-links';
import { listTemporaryLinksInput } from '#form/wire/staff';
import { sourceIp } from '#middleware/source-ip';

/** The links the office issued, newest first; the read is recorded before the list is returned. */
export const handler = httpHandler(routeRow('listTemporaryLinks', { access: 'staff', roles: ADMIN_ONLY }), listTemporaryLinksInput, async ({ query, staff, event }) => {
  await appendAudit({ staff: staff.email, action: 'temporary-links', ip: sourceIp(event) });
  return listTemporaryLinks({ listLinks }, query.cursor);
});
