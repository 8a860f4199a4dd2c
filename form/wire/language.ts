/**
 * PUT /api/language's input (issue 41, item 3): the language the applicant chose in the switcher,
 * saved on the account for what the server sends them outside a request (e-mails).
 */
import { LANGUAGES, isLanguage, type LanguageCode } from '../i18n/languages';
import { bodyInput, InputError, rejectUnknownFields, requireObject } from './input';

export const LANGUAGE_MESSAGE = `language must be one of: ${LANGUAGES.map((l) => l.code).join(', ')}.`;

export const saveLanguageInput = bodyInput<{ language: LanguageCode }>()((raw): LanguageCode => {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['language']);
  if (!isLanguage(body.language)) throw new InputError(LANGUAGE_MESSAGE, { language: [LANGUAGE_MESSAGE] });
  return body.language;
});
