import { staffSignIn } from '#domain/staff/sign-in';
import { staffLogInInput } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { reply } from '#middleware/http';
import { staffSessionCookies } from '#middleware/staff-session';
import { staffLogInPorts } from '#wiring/staff-session';

export const handler = httpHandler(routeRow('staffLogIn', { access: 'public' }), staffLogInInput, async ({ body, event }) => {
  const result = await staffSignIn(staffLogInPorts(event), body);
  if (!('tokens' in result)) return result;
  return reply(200, { email: body.email }, staffSessionCookies(result.tokens));
});
