import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';

/** The console's "who is signed in" and their role: 401 without a staff session. */
export const handler = httpHandler(routeRow('readStaffSession', { access: 'staff', roles: ANY_STAFF_ROLE }), ({ staff }) => ({
  email: staff.email,
  role: staff.role,
}));
