import { listSisApplications } from '#domain/sis/application-list';
import { sisListInput } from '#form/wire/sis-list';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/machine';
import { sisListPorts } from '#wiring/sis';

/** GET /sis/v1/applications?since=&cursor=&limit=: a page of the applications changed since then, oldest change first. */
export const handler = httpHandler(
  routeRow('sisListApplications', { access: 'machine', scope: 'applications.read' }),
  sisListInput,
  async ({ query, machine, event }) => listSisApplications(sisListPorts(machine, event), query),
);
