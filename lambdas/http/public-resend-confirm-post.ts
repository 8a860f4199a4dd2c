import { routeRow } from '#lambdas/route-row';
import { resendConfirmationInput } from '#form/wire/accounts';
import { httpHandler } from '#middleware/access/public';
import { identity } from '#adapters/identity';
import { resendConfirmation } from '#domain/accounts';

export const handler = httpHandler(
  routeRow('resendConfirmation', { access: 'public' }), resendConfirmationInput,
  async ({ body }) => ({ message: await resendConfirmation(identity(), body) }),
);
