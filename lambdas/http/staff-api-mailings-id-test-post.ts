import { testMailing } from '#domain/messages/mailings';
import { parseMailingId } from '#form/wire/messages';
import { DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { testMailingPorts } from '#wiring/messages';

/** POST /staff/api/mailings/{id}/test: the message to the signed-in staff member's own address, and no one else. */
export const handler = httpHandler(routeRow('testMailing', { access: 'staff', roles: DECIDING_ROLES }), ({ path, staff, event }) =>
  testMailing(testMailingPorts(staff, event), parseMailingId(path.id), staff.email),
);
