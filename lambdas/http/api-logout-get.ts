import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { reply } from '#middleware/http';
import { identity } from '#adapters/identity';
import { recordSignOut } from '#adapters/store/status-store';
import { epochSeconds } from '#adapters/store/keys';
import { log } from '#adapters/log';
import { ACCOUNT_TEXT } from '#domain/accounts';
import { clearedSessionCookies } from '#middleware/cookies';

export const handler = httpHandler(routeRow('logOut', { access: 'applicant' }), async ({ applicant }) => {
  try {
    await identity().globalSignOut(applicant.accessToken);
  } catch (error) {
    // The local revocation below still ends the session for this API.
    log.warn('global sign-out failed', { error });
  }
  await recordSignOut(applicant.sub, applicant.sessionId, epochSeconds());
  return reply(200, { message: ACCOUNT_TEXT.loggedOut }, clearedSessionCookies());
});
