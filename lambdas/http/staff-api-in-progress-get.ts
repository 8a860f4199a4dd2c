import { listInProgress } from '#domain/office/in-progress';
import { listInProgressInput } from '#form/wire/in-progress';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { listInProgressPorts } from '#wiring/in-progress';

/** GET /staff/api/in-progress?cycle=&round=&cursor=: a page of the applications started and not submitted. */
export const handler = httpHandler(routeRow('listInProgress', { access: 'staff', roles: ANY_STAFF_ROLE }), listInProgressInput, ({ query, staff, event }) =>
  listInProgress(listInProgressPorts(staff, event), query),
);
