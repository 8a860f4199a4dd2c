import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/staff';

/** The console's "who is signed in": 401 without a staff session. */
export const handler = httpHandler(route('readStaffSession'), ({ staff }) => ({ email: staff.email }));
