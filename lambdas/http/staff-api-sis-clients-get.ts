import { listClientsForOffice } from '#domain/sis/office-clients';
import { ADMIN_ONLY } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { officeClientPorts } from '#wiring/sis-clients';

/** GET /staff/api/sis-clients: the machine clients with their scopes, expiry, last use and revocation, and the token endpoint. */
export const handler = httpHandler(routeRow('listSisClients', { access: 'staff', roles: ADMIN_ONLY }), ({ staff, event }) =>
  listClientsForOffice(officeClientPorts(staff, event)),
);
