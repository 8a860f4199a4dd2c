import { nextToRead } from '#domain/decisions/reviews';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { queuePorts } from '#wiring/decisions';

/** GET /staff/api/queue/next: the oldest application waiting for a decision that the caller has not reviewed. */
export const handler = httpHandler(routeRow('nextToRead', { access: 'staff', roles: ANY_STAFF_ROLE }), ({ staff, event }) =>
  nextToRead(queuePorts(staff, event), staff.email),
);
