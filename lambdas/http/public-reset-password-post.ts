import { resetPassword } from '#domain/accounts';
import { resetPasswordInput } from '#form/wire/accounts';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { accountIdentity } from '#wiring/accounts';

export const handler = httpHandler(routeRow('resetPassword', { access: 'public' }), resetPasswordInput, async ({ body }) => ({
  message: await resetPassword(accountIdentity(), body),
}));
