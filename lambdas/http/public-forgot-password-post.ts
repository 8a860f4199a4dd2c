import { route } from '../routes';
import { httpHandler } from '../middleware/access/public';
import { identity } from '../adapters/identity';
import { forgotPassword, parseAccountBody } from '../domain/accounts';

export const handler = httpHandler(
  route('forgotPassword'), { body: (raw) => parseAccountBody('forgot', raw) },
  async ({ body }) => ({ message: await forgotPassword(identity(), body) }),
);
