import { readDuplicates } from '#domain/duplicates/office';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { readDuplicatesPorts } from '#wiring/duplicates';

/** GET /staff/api/applications/{id}/duplicates: the applications flagged with this one at submission. */
export const handler = httpHandler(routeRow('readDuplicates', { access: 'staff', roles: ANY_STAFF_ROLE }), ({ path, staff, event }) =>
  readDuplicates(readDuplicatesPorts(staff, event), parseApplicationId(path.id)),
);
