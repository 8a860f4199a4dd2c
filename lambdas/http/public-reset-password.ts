import { httpHandler } from '../middleware/http';
import { identity } from '../adapters/identity';
import { resetPassword, parseAccountBody } from '../domain/accounts';

export const handler = httpHandler(
  { name: 'resetPassword', access: 'public', body: (raw) => parseAccountBody('reset', raw) },
  async ({ body }) => ({ message: await resetPassword(identity(), body) }),
);
