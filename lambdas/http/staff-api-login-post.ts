import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { reply } from '#middleware/http';
import { staffIdentity } from '#adapters/identity/staff';
import { appendAudit } from '#adapters/store/audit-store';
import { isWrongCode, staffLogin } from '#domain/staff/sign-in';
import { staffLogInInput } from '#form/wire/staff';
import { staffSessionCookies } from '#middleware/staff-session';
import { sourceIp } from '#middleware/source-ip';

/** A completed sign-in and each wrong authenticator code go into the access record. */
export const handler = httpHandler(routeRow('staffLogIn', { access: 'public' }), staffLogInInput, async ({ body, event }) => {
  const record = (action: 'sign-in' | 'mfa-failed') => appendAudit({ staff: body.email, action, ip: sourceIp(event) });
  const result = await staffLogin(staffIdentity(), body).catch(async (error: unknown) => {
    if (isWrongCode(body, error)) await record('mfa-failed');
    throw error;
  });
  if (!('tokens' in result)) return result;
  await record('sign-in');
  return reply(200, { email: body.email }, staffSessionCookies(result.tokens));
});
