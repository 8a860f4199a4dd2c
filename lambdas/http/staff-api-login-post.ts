import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/public';
import { reply } from '#middleware/http';
import { staffIdentity } from '#adapters/identity/staff';
import { staffLogin } from '#domain/staff/sign-in';
import { staffLogInInput } from '#form/wire/staff';
import { staffSessionCookies } from '#middleware/staff-session';

export const handler = httpHandler(route('staffLogIn'), staffLogInInput, async ({ body }) => {
  const result = await staffLogin(staffIdentity(), body);
  if ('tokens' in result) return reply(200, { email: body.email }, staffSessionCookies(result.tokens));
  return result;
});
