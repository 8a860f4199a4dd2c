import { deleteSuppression } from '#domain/messages/suppression';
import { ADMIN_ONLY } from '#form/wire/roles';
import { parseSuppressedAddress } from '#form/wire/suppression';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { deleteSuppressionPorts } from '#wiring/suppression';

/** DELETE /staff/api/suppressions/{email}: the address off the list (audited); 404 when it is not on it. */
export const handler = httpHandler(routeRow('deleteSuppression', { access: 'staff', roles: ADMIN_ONLY }), ({ path, staff, event }) =>
  deleteSuppression(deleteSuppressionPorts(staff, event), parseSuppressedAddress(path.email)),
);
