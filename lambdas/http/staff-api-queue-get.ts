import { readQueue } from '#domain/reading/queue';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { queuePorts } from '#wiring/reading';

/** GET /staff/api/queue: the caller's reading queue (assigned first, then the open pool, nothing another holds) and its counts. */
export const handler = httpHandler(routeRow('readQueue', { access: 'staff', roles: ANY_STAFF_ROLE }), ({ staff, event }) =>
  readQueue(queuePorts(staff, event), staff, new Date()),
);
