import { listMailings } from '#domain/messages/mailings';
import { DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { listMailingsPorts } from '#wiring/messages';

/** GET /staff/api/mailings: every mailing, newest first, with its progress. */
export const handler = httpHandler(routeRow('listMailings', { access: 'staff', roles: DECIDING_ROLES }), ({ staff, event }) =>
  listMailings(listMailingsPorts(staff, event)),
);
