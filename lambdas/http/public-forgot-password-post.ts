import { routeRow } from '#lambdas/route-row';
import { forgotPasswordInput } from '#form/wire/accounts';
import { httpHandler } from '#middleware/access/public';
import { identity } from '#adapters/identity';
import { forgotPassword } from '#domain/accounts';

export const handler = httpHandler(
  routeRow('forgotPassword', { access: 'public' }), forgotPasswordInput,
  async ({ body }) => ({ message: await forgotPassword(identity(), body) }),
);
