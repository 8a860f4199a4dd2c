import { nextToRead } from '#domain/decisions/reviews';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { nextToReadInput } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { receivedAt } from '#middleware/received-at';
import { queuePorts } from '#wiring/decisions';

/** GET /staff/api/queue/next: the oldest application of the cycle asked (the current one by default) waiting for a decision that the caller has not reviewed. */
export const handler = httpHandler(routeRow('nextToRead', { access: 'staff', roles: ANY_STAFF_ROLE }), nextToReadInput, ({ query, staff, event }) =>
  nextToRead(queuePorts(staff, event), staff.email, query, receivedAt(event)),
);
