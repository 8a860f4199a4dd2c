import { deleteFilterSet } from '#domain/staff/filter-sets';
import { parseFilterSetId } from '#form/wire/filter-sets';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { filterSetPorts } from '#wiring/filter-sets';

/** DELETE /staff/api/filter-sets/{setId}: its owner deletes a set, or an admin a shared one. */
export const handler = httpHandler(routeRow('deleteFilterSet', { access: 'staff', roles: ANY_STAFF_ROLE }), ({ path, staff, event }) =>
  deleteFilterSet(filterSetPorts(staff, event), staff, parseFilterSetId(path.setId)),
);
