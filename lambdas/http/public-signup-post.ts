import { route } from '../routes';
import { httpHandler } from '../middleware/access/public';
import { identity } from '../adapters/identity';
import { signUp, parseAccountBody } from '../domain/accounts';

export const handler = httpHandler(
  route('signUp'), { body: (raw) => parseAccountBody('signup', raw) },
  async ({ body }) => ({ message: await signUp(identity(), body) }),
);
