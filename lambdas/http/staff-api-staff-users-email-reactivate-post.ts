import { reactivateStaffUser } from '#domain/staff/staff-users';
import { ADMIN_ONLY } from '#form/wire/roles';
import { parseStaffUser } from '#form/wire/staff-users';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { staffUsersPorts } from '#wiring/staff-users';

/** POST /staff/api/staff-users/{email}/reactivate: a deactivated staff user may sign in again. */
export const handler = httpHandler(routeRow('reactivateStaffUser', { access: 'staff', roles: ADMIN_ONLY }), ({ path, staff, event }) =>
  reactivateStaffUser(staffUsersPorts(staff, event), parseStaffUser(path.email)),
);
