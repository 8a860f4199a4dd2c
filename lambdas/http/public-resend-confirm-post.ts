import { route } from '#lambdas/routes';
import { resendConfirmationInput } from '#form/wire/accounts';
import { httpHandler } from '#middleware/access/public';
import { identity } from '#adapters/identity';
import { resendConfirmation } from '#domain/accounts';

export const handler = httpHandler(
  route('resendConfirmation'), resendConfirmationInput,
  async ({ body }) => ({ message: await resendConfirmation(identity(), body) }),
);
