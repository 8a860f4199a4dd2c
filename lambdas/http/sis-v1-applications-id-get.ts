import { readSisApplication } from '#domain/sis/application-record';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/machine';
import { sisApplicationPorts } from '#wiring/sis';

export const handler = httpHandler(routeRow('sisReadApplication', { access: 'machine', scope: 'applications.read' }), async ({ path, machine, event }) =>
  readSisApplication(sisApplicationPorts(machine, event), parseApplicationId(path.id)),
);
