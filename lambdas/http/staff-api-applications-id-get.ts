import { readStaffApplication } from '#domain/staff/application-view';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { applicationViewPorts } from '#wiring/office';

export const handler = httpHandler(routeRow('readApplication', { access: 'staff', roles: ANY_STAFF_ROLE }), async ({ path, staff, event }) =>
  readStaffApplication(applicationViewPorts(staff, event), parseApplicationId(path.id), staff),
);
