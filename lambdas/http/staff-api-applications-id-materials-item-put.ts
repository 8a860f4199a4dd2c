import { markMaterial } from '#domain/materials/mark';
import { markMaterialInput } from '#form/wire/materials';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { markMaterialPorts } from '#wiring/materials';

/** PUT /staff/api/applications/{id}/materials/{item} {status, received_at?}: any role marks a checklist item received or waived, or undoes the mark. */
export const handler = httpHandler(routeRow('markMaterial', { access: 'staff', roles: ANY_STAFF_ROLE }), markMaterialInput, ({ path, body, staff, event }) =>
  markMaterial(markMaterialPorts(staff, event), { id: parseApplicationId(path.id), item: path.item ?? '', ...body }, { name: staff.email }),
);
