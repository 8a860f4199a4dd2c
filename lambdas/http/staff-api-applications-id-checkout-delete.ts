import { releaseCheckout } from '#domain/reading/checkout';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { checkoutPorts } from '#wiring/reading';

/** DELETE /staff/api/applications/{id}/checkout: ends the caller's checkout, so others are offered the application again. */
export const handler = httpHandler(routeRow('releaseCheckout', { access: 'staff', roles: ANY_STAFF_ROLE }), ({ path, staff, event }) =>
  releaseCheckout(checkoutPorts(staff, event), parseApplicationId(path.id), staff.email, new Date()),
);
