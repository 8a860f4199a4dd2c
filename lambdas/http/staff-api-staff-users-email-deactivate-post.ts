import { deactivateStaffUser } from '#domain/staff/staff-users';
import { ADMIN_ONLY } from '#form/wire/roles';
import { parseStaffUser } from '#form/wire/staff-users';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { staffUsersPorts } from '#wiring/staff-users';

/** POST /staff/api/staff-users/{email}/deactivate: no more sign-in, every session over within seconds; never oneself or the last active admin (409). */
export const handler = httpHandler(routeRow('deactivateStaffUser', { access: 'staff', roles: ADMIN_ONLY }), ({ path, staff, event }) =>
  deactivateStaffUser(staffUsersPorts(staff, event), staff, parseStaffUser(path.email)),
);
