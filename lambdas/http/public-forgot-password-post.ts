import { forgotPassword } from '#domain/accounts';
import { forgotPasswordInput } from '#form/wire/accounts';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { accountIdentity } from '#wiring/accounts';

export const handler = httpHandler(routeRow('forgotPassword', { access: 'public' }), forgotPasswordInput, async ({ body }) => ({
  message: await forgotPassword(accountIdentity(), body),
}));
