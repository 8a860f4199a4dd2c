import { routeRow } from '#lambdas/route-row';
import { signUpInput } from '#form/wire/accounts';
import { httpHandler } from '#middleware/access/public';
import { identity } from '#adapters/identity';
import { signUp } from '#domain/accounts';

export const handler = httpHandler(
  routeRow('signUp', { access: 'public' }), signUpInput,
  async ({ body }) => ({ message: await signUp(identity(), body) }),
);
