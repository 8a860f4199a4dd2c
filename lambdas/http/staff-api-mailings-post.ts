import { createMailing } from '#domain/messages/mailings';
import { saveMailingInput } from '#form/wire/messages';
import { DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { createMailingPorts } from '#wiring/messages';

/** POST /staff/api/mailings: a decider or an admin writes a mailing (a draft), and learns how many its filter finds now. */
export const handler = httpHandler(routeRow('createMailing', { access: 'staff', roles: DECIDING_ROLES }), saveMailingInput, ({ body, staff, event }) =>
  createMailing(createMailingPorts(staff, event), body, staff.email),
);
