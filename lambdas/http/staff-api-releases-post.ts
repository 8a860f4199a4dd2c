import { releaseDecisions } from '#domain/releases/office';
import { scheduleReleaseInput } from '#form/wire/decisions';
import { ADMIN_ONLY } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { releaseRequestPorts } from '#wiring/releases';

/** POST /staff/api/releases: an admin releases decisions now, or schedules the release; recorded before it takes effect. */
export const handler = httpHandler(routeRow('scheduleRelease', { access: 'staff', roles: ADMIN_ONLY }), scheduleReleaseInput, async ({ body, staff, event }) =>
  releaseDecisions(await releaseRequestPorts(staff, event), body, staff.email),
);
