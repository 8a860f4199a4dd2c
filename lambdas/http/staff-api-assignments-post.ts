import { reassign } from '#domain/reading/reassign';
import { reading } from '#form/institution-reading';
import { reassignInput } from '#form/wire/reading';
import { ADMIN_ONLY } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { reassignPorts } from '#wiring/reading';

/** POST /staff/api/assignments {ids, readers} (admins): assigns the applications to these readers, each change recorded. */
export const handler = httpHandler(routeRow('reassignApplications', { access: 'staff', roles: ADMIN_ONLY }), reassignInput, ({ body, staff, event }) =>
  reassign(reassignPorts(staff, event), reading, body),
);
