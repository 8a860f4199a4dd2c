import { STAFF_TEXT } from '#domain/staff/sign-in';
import { staffSignOut } from '#domain/staff/sign-out';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { readCookies } from '#middleware/cookies';
import { reply } from '#middleware/http';
import { clearedStaffCookies, STAFF_COOKIE } from '#middleware/staff-session';
import { staffLogOutPorts } from '#wiring/staff-session';

/** Always answers 200 and clears the cookies; a live session is also revoked (refresh and access token). */
export const handler = httpHandler(routeRow('staffLogOut', { access: 'public' }), async ({ event }) => {
  await staffSignOut(staffLogOutPorts(event), readCookies(event)[STAFF_COOKIE.refresh]);
  return reply(200, { message: STAFF_TEXT.signedOut }, clearedStaffCookies());
});
