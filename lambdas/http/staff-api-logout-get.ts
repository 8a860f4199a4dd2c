import { route } from '../routes';
import { httpHandler, reply } from '../middleware/http';
import { staffIdentity } from '../adapters/identity/staff';
import { recordSignOut } from '../adapters/store/status-store';
import { epochSeconds } from '../adapters/store/keys';
import { log } from '../adapters/log';
import { STAFF_TEXT } from '../domain/staff/sign-in';
import { authenticateStaff, clearedStaffCookies, staffSessionKey } from '../middleware/staff-session';

/** Always answers 200 and clears the cookies; a live session is also revoked (refresh and access token). */
export const handler = httpHandler(route('staffLogOut'), async ({ event }) => {
  const session = await authenticateStaff(event).catch(() => undefined);
  if (session) {
    const { staff } = session;
    await staffIdentity().globalSignOut(staff.accessToken).catch((error: unknown) => log.warn('staff global sign-out failed', { error }));
    await recordSignOut(staffSessionKey(staff.sub), staff.sessionId, epochSeconds());
  }
  return reply(200, { message: STAFF_TEXT.signedOut }, clearedStaffCookies());
});
