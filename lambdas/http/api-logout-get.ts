import { ACCOUNT_TEXT } from '#domain/accounts';
import { endSession } from '#domain/session';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { clearedSessionCookies } from '#middleware/cookies';
import { reply } from '#middleware/http';
import { logOutPorts } from '#wiring/accounts';

export const handler = httpHandler(routeRow('logOut', { access: 'applicant' }), async ({ applicant }) => {
  await endSession(logOutPorts(), { owner: applicant.sub, sessionId: applicant.sessionId, accessToken: applicant.accessToken });
  return reply(200, { message: ACCOUNT_TEXT.loggedOut }, clearedSessionCookies());
});
