import { signUp } from '#domain/accounts';
import { signUpInput } from '#form/wire/accounts';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { accountIdentity } from '#wiring/accounts';

export const handler = httpHandler(routeRow('signUp', { access: 'public' }), signUpInput, async ({ body }) => ({
  message: await signUp(accountIdentity(), body),
}));
