import { routeRow } from '#lambdas/route-row';
import { resetPasswordInput } from '#form/wire/accounts';
import { httpHandler } from '#middleware/access/public';
import { identity } from '#adapters/identity';
import { resetPassword } from '#domain/accounts';

export const handler = httpHandler(
  routeRow('resetPassword', { access: 'public' }), resetPasswordInput,
  async ({ body }) => ({ message: await resetPassword(identity(), body) }),
);
