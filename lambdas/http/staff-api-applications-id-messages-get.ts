import { applicationMessages } from '#domain/messages/messages';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { applicationMessagesPorts } from '#wiring/messages';

/** GET /staff/api/applications/{id}/messages: what the application received, newest first (any role: the office's own words). */
export const handler = httpHandler(routeRow('readApplicationMessages', { access: 'staff', roles: ANY_STAFF_ROLE }), ({ path, staff, event }) =>
  applicationMessages(applicationMessagesPorts(staff, event), parseApplicationId(path.id)),
);
