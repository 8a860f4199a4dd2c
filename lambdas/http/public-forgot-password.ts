import { httpHandler } from '../middleware/http';
import { identity } from '../adapters/identity';
import { forgotPassword, parseAccountBody } from '../domain/accounts';

export const handler = httpHandler(
  { name: 'forgotPassword', access: 'public', body: (raw) => parseAccountBody('forgot', raw) },
  async ({ body }) => ({ message: await forgotPassword(identity(), body) }),
);
