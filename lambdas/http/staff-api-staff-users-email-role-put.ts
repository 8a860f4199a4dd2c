import { changeStaffUserRole } from '#domain/staff/staff-users';
import { ADMIN_ONLY } from '#form/wire/roles';
import { changeStaffRoleInput, parseStaffUser } from '#form/wire/staff-users';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { staffUsersPorts } from '#wiring/staff-users';

/** PUT /staff/api/staff-users/{email}/role {role}: an admin gives a staff user one role; never the last active admin's away (409). */
export const handler = httpHandler(
  routeRow('changeStaffUserRole', { access: 'staff', roles: ADMIN_ONLY }),
  changeStaffRoleInput,
  ({ path, body, staff, event }) => changeStaffUserRole(staffUsersPorts(staff, event), parseStaffUser(path.email), body.role),
);
