import { listSuppressions } from '#domain/messages/suppression';
import { ADMIN_ONLY } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { listSuppressionsPorts } from '#wiring/suppression';

/** GET /staff/api/suppressions: every address the mailings skip, with why, newest first. */
export const handler = httpHandler(routeRow('listSuppressions', { access: 'staff', roles: ADMIN_ONLY }), ({ staff, event }) =>
  listSuppressions(listSuppressionsPorts(staff, event)),
);
