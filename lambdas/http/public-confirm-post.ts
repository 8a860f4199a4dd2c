import { identity } from '#adapters/identity';
import { confirmSignUp } from '#domain/accounts';
import { confirmSignUpInput } from '#form/wire/accounts';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';

export const handler = httpHandler(routeRow('confirmSignUp', { access: 'public' }), confirmSignUpInput, async ({ body }) => ({
  message: await confirmSignUp(identity(), body),
}));
