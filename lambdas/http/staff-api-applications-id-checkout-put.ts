import { checkoutApplication } from '#domain/reading/checkout';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { checkoutPorts } from '#wiring/reading';

/** PUT /staff/api/applications/{id}/checkout: takes the application for 30 minutes, or renews the caller's checkout; 409 while another holds it. */
export const handler = httpHandler(routeRow('checkoutApplication', { access: 'staff', roles: ANY_STAFF_ROLE }), ({ path, staff, event }) =>
  checkoutApplication(checkoutPorts(staff, event), parseApplicationId(path.id), staff.email, new Date()),
);
