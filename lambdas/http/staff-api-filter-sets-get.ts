import { listFilterSets } from '#domain/staff/filter-sets';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { filterSetPorts } from '#wiring/filter-sets';

/** GET /staff/api/filter-sets: the staff member's saved filter sets and those shared with the office. */
export const handler = httpHandler(routeRow('listFilterSets', { access: 'staff', roles: ANY_STAFF_ROLE }), ({ staff, event }) =>
  listFilterSets(filterSetPorts(staff, event), staff),
);
