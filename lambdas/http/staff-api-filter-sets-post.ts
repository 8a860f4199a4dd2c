import { saveFilterSet } from '#domain/staff/filter-sets';
import { saveFilterSetInput } from '#form/wire/filter-sets';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { filterSetPorts } from '#wiring/filter-sets';

/** POST /staff/api/filter-sets {name, query, shared}: saves the list's filters and sort under a name. */
export const handler = httpHandler(routeRow('saveFilterSet', { access: 'staff', roles: ANY_STAFF_ROLE }), saveFilterSetInput, ({ body, staff, event }) =>
  saveFilterSet(filterSetPorts(staff, event), staff, body),
);
