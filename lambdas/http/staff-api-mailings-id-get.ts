import { readMailing } from '#domain/messages/mailings';
import { parseMailingId } from '#form/wire/messages';
import { DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { readMailingPorts } from '#wiring/messages';

/** GET /staff/api/mailings/{id}: a mailing with its progress and its failures, each with why. */
export const handler = httpHandler(routeRow('readMailing', { access: 'staff', roles: DECIDING_ROLES }), ({ path, staff, event }) =>
  readMailing(readMailingPorts(staff, event), parseMailingId(path.id)),
);
