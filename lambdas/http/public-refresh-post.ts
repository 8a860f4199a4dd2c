import { Unauthorized } from '#domain/errors';
import { renewSession } from '#domain/session';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { cookieNames, isAmbiguous, readCookies, sessionCookies } from '#middleware/cookies';
import { reply } from '#middleware/http';
import { sessionRenewal } from '#wiring/accounts';

/**
 * POST /public/refresh: new session cookies from the refresh-token cookie, which the browser
 * asks for when an applicant route answers 401; 401 when there is no live session to renew.
 */
export const handler = httpHandler(routeRow('refreshSession', { access: 'public' }), async ({ event }) => {
  const names = cookieNames();
  if (isAmbiguous(event, names.refresh)) throw new Unauthorized();
  const tokens = await renewSession(sessionRenewal(), readCookies(event)[names.refresh]);
  return reply(200, {}, sessionCookies(tokens));
});
