import { Invalid } from '#domain/errors';
import { revokeClientForOffice } from '#domain/sis/office-clients';
import { ADMIN_ONLY } from '#form/wire/roles';
import { SIS_CLIENT_ID } from '#form/wire/sis-clients';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { officeClientPorts } from '#wiring/sis-clients';

/** POST /staff/api/sis-clients/{id}/revoke: the client's next token request is refused, its tokens already issued within a minute. */
export const handler = httpHandler(routeRow('revokeSisClient', { access: 'staff', roles: ADMIN_ONLY }), ({ path, staff, event }) => {
  const id = path.id ?? '';
  if (!SIS_CLIENT_ID.test(id)) throw new Invalid('That is not a client id.');
  return revokeClientForOffice(officeClientPorts(staff, event), id, new Date());
});
