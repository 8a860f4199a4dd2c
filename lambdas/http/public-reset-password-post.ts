import { route } from '../routes';
import { httpHandler } from '../middleware/access/public';
import { identity } from '../adapters/identity';
import { resetPassword, parseAccountBody } from '../domain/accounts';

export const handler = httpHandler(
  route('resetPassword'), { body: (raw) => parseAccountBody('reset', raw) },
  async ({ body }) => ({ message: await resetPassword(identity(), body) }),
);
