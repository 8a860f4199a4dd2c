import { Unauthorized } from '#domain/errors';
import { renewSession } from '#domain/session';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { isAmbiguous, readCookies } from '#middleware/cookies';
import { reply } from '#middleware/http';
import { STAFF_COOKIE, STAFF_SIGNED_OUT_MESSAGE, staffSessionCookies } from '#middleware/staff-session';
import { staffSessionRenewal } from '#wiring/staff-session';

/** POST /staff/api/refresh: the staff console's counterpart of POST /public/refresh, for the staff pool. */
export const handler = httpHandler(routeRow('refreshStaffSession', { access: 'public' }), async ({ event }) => {
  const refused = () => new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  if (isAmbiguous(event, STAFF_COOKIE.refresh)) throw refused();
  const tokens = await renewSession(staffSessionRenewal(), readCookies(event)[STAFF_COOKIE.refresh], refused);
  return reply(200, {}, staffSessionCookies(tokens));
});
