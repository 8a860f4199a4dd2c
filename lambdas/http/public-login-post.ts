import { ACCOUNT_TEXT, startSession } from '#domain/accounts';
import { logInInput } from '#form/wire/accounts';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { sessionCookies } from '#middleware/cookies';
import { reply } from '#middleware/http';
import { logInPorts } from '#wiring/accounts';

export const handler = httpHandler(routeRow('logIn', { access: 'public' }), logInInput, async ({ body }) => {
  const tokens = await startSession(logInPorts(), body);
  return reply(200, { message: ACCOUNT_TEXT.loggedIn }, sessionCookies(tokens));
});
