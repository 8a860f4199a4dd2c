import { listStaffUsers } from '#domain/staff/staff-users';
import { ADMIN_ONLY } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { staffUsersPorts } from '#wiring/staff-users';

/** GET /staff/api/staff-users: every staff user with their role, authenticator, last sign-in and whether active (an admin's). */
export const handler = httpHandler(routeRow('listStaffUsers', { access: 'staff', roles: ADMIN_ONLY }), ({ staff, event }) =>
  listStaffUsers(staffUsersPorts(staff, event)),
);
