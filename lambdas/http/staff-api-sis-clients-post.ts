import { addClientForOffice } from '#domain/sis/office-clients';
import { ADMIN_ONLY } from '#form/wire/roles';
import { addSisClientInput } from '#form/wire/sis-clients';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { officeClientPorts } from '#wiring/sis-clients';

/** POST /staff/api/sis-clients {name, scopes, expires?}: a new machine client; its secret is in this answer only. */
export const handler = httpHandler(routeRow('addSisClient', { access: 'staff', roles: ADMIN_ONLY }), addSisClientInput, ({ body, staff, event }) =>
  addClientForOffice(officeClientPorts(staff, event), body, new Date()),
);
