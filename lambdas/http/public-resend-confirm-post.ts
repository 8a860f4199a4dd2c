import { route } from '../routes';
import { httpHandler } from '../middleware/access/public';
import { identity } from '../adapters/identity';
import { resendConfirmation, parseAccountBody } from '../domain/accounts';

export const handler = httpHandler(
  route('resendConfirmation'), { body: (raw) => parseAccountBody('resend', raw) },
  async ({ body }) => ({ message: await resendConfirmation(identity(), body) }),
);
