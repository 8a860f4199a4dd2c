import { markMaterial } from '#domain/materials/mark';
import { sisMarkMaterialInput } from '#form/wire/sis-writes';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/machine';
import { machineActor, sisMaterialPorts } from '#wiring/sis';

/** POST /sis/v1/applications/{id}/materials {item, status, received_at?}: the console's mark, the client as the actor. */
export const handler = httpHandler(
  routeRow('sisMarkMaterial', { access: 'machine', scope: 'materials.write' }),
  sisMarkMaterialInput,
  ({ path, body, machine, event }) =>
    markMaterial(sisMaterialPorts(machine, event), { id: parseApplicationId(path.id), ...body }, { name: machineActor(machine) }),
);
