import { routeRow } from '#lambdas/route-row';
import { confirmSignUpInput } from '#form/wire/accounts';
import { httpHandler } from '#middleware/access/public';
import { identity } from '#adapters/identity';
import { confirmSignUp } from '#domain/accounts';

export const handler = httpHandler(
  routeRow('confirmSignUp', { access: 'public' }), confirmSignUpInput,
  async ({ body }) => ({ message: await confirmSignUp(identity(), body) }),
);
