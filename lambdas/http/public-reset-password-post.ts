import { route } from '#lambdas/routes';
import { resetPasswordInput } from '#form/wire/accounts';
import { httpHandler } from '#middleware/access/public';
import { identity } from '#adapters/identity';
import { resetPassword } from '#domain/accounts';

export const handler = httpHandler(
  route('resetPassword'), resetPasswordInput,
  async ({ body }) => ({ message: await resetPassword(identity(), body) }),
);
