import { resendConfirmation } from '#domain/accounts';
import { resendConfirmationInput } from '#form/wire/accounts';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { accountIdentity } from '#wiring/accounts';

export const handler = httpHandler(routeRow('resendConfirmation', { access: 'public' }), resendConfirmationInput, async ({ body }) => ({
  message: await resendConfirmation(accountIdentity(), body),
}));
