import { routeRow } from '#lambdas/route-row';
import { ADMIN_ONLY } from '#form/wire/roles';
import { httpHandler } from '#middleware/access/staff';
import { appendAudit } from '#adapters/store/audit-store';
import { releaseStore } from '#adapters/store/releases-store';
import { listReleases } from '#domain/releases/release';
import { sourceIp } from '#middleware/source-ip';

/** GET /staff/api/releases: the scheduled releases not yet run, soonest first (recorded like every staff read). */
export const handler = httpHandler(routeRow('listReleases', { access: 'staff', roles: ADMIN_ONLY }), async ({ staff, event }) => {
  await appendAudit({ staff: staff.email, action: 'releases', ip: sourceIp(event) });
  return { items: await listReleases({ releases: releaseStore }) };
});
