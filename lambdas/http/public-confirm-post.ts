import { confirmSignUp } from '#domain/accounts';
import { confirmSignUpInput } from '#form/wire/accounts';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { accountIdentity } from '#wiring/accounts';

export const handler = httpHandler(routeRow('confirmSignUp', { access: 'public' }), confirmSignUpInput, async ({ body }) => ({
  message: await confirmSignUp(accountIdentity(), body),
}));
