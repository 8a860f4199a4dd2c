import { forgotPassword } from '#domain/accounts';
import { forgotPasswordInput } from '#form/wire/accounts';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { requestLanguage } from '#middleware/language';
import { accountIdentity } from '#wiring/accounts';

// The reset e-mail in the page's language (the request's Accept-Language): the reader is on that page now.
export const handler = httpHandler(routeRow('forgotPassword', { access: 'public' }), forgotPasswordInput, async ({ body, event }) => ({
  message: await forgotPassword(accountIdentity(), body, requestLanguage(event)),
}));
