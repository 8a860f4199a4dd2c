import { committeeList } from '#domain/reading/committee-list';
import { reading } from '#form/institution-reading';
import { DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { committeePorts } from '#wiring/reading';

/** GET /staff/api/committee (deciders, admins): the applications whose reads disagree, not yet decided. */
export const handler = httpHandler(routeRow('readCommittee', { access: 'staff', roles: DECIDING_ROLES }), ({ staff, event }) =>
  committeeList(committeePorts(staff, event), reading),
);
