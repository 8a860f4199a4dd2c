import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/staff';

/** The console's "who is signed in" and their role: 401 without a staff session. */
export const handler = httpHandler(route('readStaffSession'), ({ staff }) => ({ email: staff.email, role: staff.role }));
