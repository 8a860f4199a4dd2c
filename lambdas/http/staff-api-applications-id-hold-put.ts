import { holdApplication } from '#domain/data-rights/hold';
import { holdApplicationInput } from '#form/wire/data-rights';
import { ADMIN_ONLY } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { holdPorts } from '#wiring/data-rights';

/** PUT /staff/api/applications/{id}/hold {hold, reason}: an admin places or lifts a legal or enrolment hold on a submitted application. */
export const handler = httpHandler(routeRow('holdApplication', { access: 'staff', roles: ADMIN_ONLY }), holdApplicationInput, ({ path, body, staff, event }) =>
  holdApplication(holdPorts(staff, event), parseApplicationId(path.id), body, staff),
);
