import { changeFilterSet } from '#domain/staff/filter-sets';
import { changeFilterSetInput, parseFilterSetId } from '#form/wire/filter-sets';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { filterSetPorts } from '#wiring/filter-sets';

/** PUT /staff/api/filter-sets/{setId} {name?, query?, shared?}: a set's owner changes it. */
export const handler = httpHandler(
  routeRow('changeFilterSet', { access: 'staff', roles: ANY_STAFF_ROLE }),
  changeFilterSetInput,
  ({ path, body, staff, event }) => changeFilterSet(filterSetPorts(staff, event), staff, parseFilterSetId(path.setId), body),
);
