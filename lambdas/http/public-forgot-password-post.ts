import { route } from '#lambdas/routes';
import { forgotPasswordInput } from '#form/wire/accounts';
import { httpHandler } from '#middleware/access/public';
import { identity } from '#adapters/identity';
import { forgotPassword } from '#domain/accounts';

export const handler = httpHandler(
  route('forgotPassword'), forgotPasswordInput,
  async ({ body }) => ({ message: await forgotPassword(identity(), body) }),
);
