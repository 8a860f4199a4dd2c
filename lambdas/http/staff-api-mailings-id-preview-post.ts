import { previewMailing } from '#domain/messages/mailings';
import { parseMailingId } from '#form/wire/messages';
import { DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { previewMailingPorts } from '#wiring/messages';

/** POST /staff/api/mailings/{id}/preview: the message as three real recipients would read it, nothing sent. */
export const handler = httpHandler(routeRow('previewMailing', { access: 'staff', roles: DECIDING_ROLES }), ({ path, staff, event }) =>
  previewMailing(previewMailingPorts(staff, event), parseMailingId(path.id)),
);
