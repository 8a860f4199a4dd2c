import { identity } from '#adapters/identity';
import { resetPassword } from '#domain/accounts';
import { resetPasswordInput } from '#form/wire/accounts';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';

export const handler = httpHandler(routeRow('resetPassword', { access: 'public' }), resetPasswordInput, async ({ body }) => ({
  message: await resetPassword(identity(), body),
}));
