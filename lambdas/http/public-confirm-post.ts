import { route } from '../routes';
import { httpHandler } from '../middleware/access/public';
import { identity } from '../adapters/identity';
import { confirmSignUp, parseAccountBody } from '../domain/accounts';

export const handler = httpHandler(
  route('confirmSignUp'), { body: (raw) => parseAccountBody('confirm', raw) },
  async ({ body }) => ({ message: await confirmSignUp(identity(), body) }),
);
