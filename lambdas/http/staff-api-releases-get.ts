import { listPendingReleases } from '#domain/releases/office';
import { ADMIN_ONLY } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { pendingReleasesPorts } from '#wiring/releases';

/** GET /staff/api/releases: the scheduled releases not yet run, soonest first (recorded like every staff read). */
export const handler = httpHandler(routeRow('listReleases', { access: 'staff', roles: ADMIN_ONLY }), async ({ staff, event }) =>
  listPendingReleases(pendingReleasesPorts(staff, event)),
);
