import { markDuplicate } from '#domain/duplicates/office';
import { markDuplicateInput } from '#form/wire/duplicates';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { markDuplicatePorts } from '#wiring/duplicates';

/** PUT /staff/api/applications/{id}/duplicates/{other} {verdict}: any role says "same person" or "not a duplicate". */
export const handler = httpHandler(routeRow('markDuplicate', { access: 'staff', roles: ANY_STAFF_ROLE }), markDuplicateInput, ({ path, body, staff, event }) =>
  markDuplicate(markDuplicatePorts(staff, event), parseApplicationId(path.id), parseApplicationId(path.other), body.verdict, staff.email),
);
