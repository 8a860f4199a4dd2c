import { sendMailing } from '#domain/messages/mailings';
import { parseMailingId, sendMailingInput } from '#form/wire/messages';
import { DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { sendMailingPorts } from '#wiring/messages';

/** POST /staff/api/mailings/{id}/send {at?, confirm?}: the pre-send checks, then now (queued) or at a time. */
export const handler = httpHandler(routeRow('sendMailing', { access: 'staff', roles: DECIDING_ROLES }), sendMailingInput, ({ path, body, staff, event }) =>
  sendMailing(sendMailingPorts(staff, event), parseMailingId(path.id), body, staff.email),
);
