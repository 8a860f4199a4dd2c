import { saveSubmittedLanguage } from '#adapters/store/answers-store';
import { saveLanguage } from '#adapters/store/status-store';
import { saveLanguageInput } from '#form/wire/language';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

// The account's own status item (the token's subject), not the application's: every cycle's e-mails follow one choice.
export const handler = httpHandler(routeRow('saveLanguage', { access: 'applicant' }), saveLanguageInput, async ({ applicant, body }) => {
  await Promise.all([saveLanguage(applicant.sub, body), saveSubmittedLanguage(applicant.application, body)]);
  return { message: 'Language saved.', language: body };
});
