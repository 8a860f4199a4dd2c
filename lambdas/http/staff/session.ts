import { httpHandler } from '../../middleware/http';

/** The console's "who is signed in": 401 without a staff session. */
export const handler = httpHandler({ name: 'staffSession', access: 'staff' }, async ({ staff }) => ({ email: staff.email }));
