/**
 * Cognito CustomMessage trigger. The forgot-password e-mail carries a link to the SPA's /reset
 * page with the query parameters it pre-fills (`username` and `id`), so the applicant does not
 * retype the code, in the office's words of that e-mail (Settings, form/mail-words.ts
 * `passwordReset`), in the language the reset was asked in (ClientMetadata, issue 41): the
 * catalog's translation while the office has not edited it. Every other message keeps the pool's
 * own template.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { log, withLogContext } from '#adapters/log';
import { RESET_LANGUAGE_KEY } from '#domain/ports/identity';
import { DEFAULT_LANGUAGE, type LanguageCode } from '#form/i18n/languages';
import { languageOr } from '#form/i18n/server-words';
import { institutionHtmlMail, mailWordsIn, productMailWordsIn } from '#form/institution-mail';
import { DEFAULT_EMAIL_WORDS, type MailWords } from '#form/mail-words';
import { freshOfficeWords } from '#wiring/office-words';

export interface CustomMessage {
  emailSubject: string;
  emailMessage: string;
}

/**
 * The reset e-mail to `email` in `words`. `code` goes into the link unencoded: Cognito's marker
 * (`{####}`, which it replaces with the code after we return) or the local provider's six digits,
 * neither with a character that needs escaping; the e-mail address is encoded.
 */
export function resetMessage(email: string, code: string, publicOrigin: string, words: MailWords, language: LanguageCode = DEFAULT_LANGUAGE): CustomMessage {
  const link = `${publicOrigin.replace(/\/+$/, '')}/reset?username=${encodeURIComponent(email)}&id=${code}`;
  // The institution's name and title inside it in the same language as its words.
  const { subject, html } = institutionHtmlMail('passwordReset', words, { code }, link, language);
  return { emailSubject: subject, emailMessage: html };
}

/** The message for a trigger in `words`, or null to keep Cognito's default. */
export function customMessage(
  event: Pick<CustomMessageTriggerEvent, 'triggerSource' | 'request'>,
  publicOrigin: string,
  words: MailWords = DEFAULT_EMAIL_WORDS.passwordReset,
  language: LanguageCode = DEFAULT_LANGUAGE,
): CustomMessage | null {
  if (event.triggerSource !== 'CustomMessage_ForgotPassword') return null;
  const email = event.request.userAttributes.email;
  return email ? resetMessage(email, event.request.codeParameter, publicOrigin, words, language) : null;
}

/**
 * Cognito gives the trigger 5 seconds in all: the words wait at most this long, so a slow table
 * still leaves time for the mail.
 */
const WORDS_WAIT_MS = 1500;

/**
 * The office's current words of the reset e-mail in `language` (the catalog's translation while
 * they are not edited); the product's when Settings cannot be read in time (logged): a person
 * locked out of their account gets the mail whatever the table does.
 */
export async function resetMailWords(language: LanguageCode = DEFAULT_LANGUAGE): Promise<MailWords> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${WORDS_WAIT_MS} ms`)), WORDS_WAIT_MS);
  });
  try {
    await Promise.race([freshOfficeWords(), late]);
    return mailWordsIn('passwordReset', language);
  } catch (error) {
    log.warn('the office’s words of the reset e-mail were not read: sent in the product’s', { error });
    return productMailWordsIn('passwordReset', language);
  } finally {
    clearTimeout(timer);
  }
}

function readOrigin(): string {
  const origin = process.env.PUBLIC_ORIGIN;
  if (!origin) throw new Error('PUBLIC_ORIGIN is not set');
  return origin;
}

const handle = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const origin = readOrigin();
  if (event.triggerSource !== 'CustomMessage_ForgotPassword') return event;
  const language = languageOr(event.request.clientMetadata?.[RESET_LANGUAGE_KEY]);
  const message = customMessage(event, origin, await resetMailWords(language), language);
  if (message) Object.assign(event.response, message);
  return event;
};

export const handler = withLogContext('customMessage', handle);
