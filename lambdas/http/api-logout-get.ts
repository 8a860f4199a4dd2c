import { ACCOUNT_TEXT } from '#domain/accounts';
import { endSession } from '#domain/session';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { clearedSessionCookies } from '#middleware/cookies';
import { reply } from '#middleware/http';
import { logOutPorts } from '#wiring/accounts';

/**
 * GET /api/logout: every refresh token of the applicant is revoked at the provider by the
 * server's own call (AdminUserGlobalSignOut by the session's `sub`: the applicant's token carries
 * no scope Cognito's GlobalSignOut would accept), and the session is recorded as signed out.
 */
export const handler = httpHandler(routeRow('logOut', { access: 'applicant' }), async ({ applicant }) => {
  await endSession(logOutPorts(applicant.sub), { owner: applicant.sub, sessionId: applicant.sessionId, accessToken: applicant.accessToken });
  return reply(200, { message: ACCOUNT_TEXT.loggedOut }, clearedSessionCookies());
});
