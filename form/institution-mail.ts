/**
 * How the product's e-mails are signed and worded: the sender's display name and the signature
 * every mail ends with, from the institution's configuration file, and each e-mail's subject and
 * body as the office last edited them in Settings (else the product's wording, mail-words.ts).
 * Server code only (the browser sends none; the console's preview composes with mail-words.ts).
 */
import { DEFAULT_LANGUAGE, type LanguageCode } from './i18n/languages';
import { serverText } from './i18n/server-words';
import { institution, officeEdits } from './institution';
import { institutionWordsIn } from './institution-server-texts';
import { composeHtmlMail, composeMail, DEFAULT_EMAIL_WORDS, MAIL_PLACEHOLDERS, type MailKind, type MailValues, type MailWords } from './mail-words';
import type { MailConfig, ReminderDays } from './types';

const mail = globalThis.__INSTITUTION__.mail;

export const mailSender: MailConfig = mail;

/**
 * One of the product's e-mails, in the office's current words (installed before the use-case runs,
 * lambdas/wiring/office-words.ts), filled in with what its sender knows: the institution's name,
 * title and help address, and `values`. `link` is the one the mail carries (the dev outbox lists it).
 */
export function institutionMail(
  kind: MailKind,
  to: string,
  values: MailValues,
  link: string,
  language: LanguageCode = DEFAULT_LANGUAGE,
): { to: string; subject: string; text: string; link: string; language: LanguageCode } {
  const why = WHY_SENT.includes(kind) ? serverText(language, `mail.why.${kind}`, { institution: institutionWordsIn(language, institution.name) }) : undefined;
  const signature = signatureIn(language);
  return {
    to,
    ...composeMail(kind, mailWordsIn(kind, language), institutionValues(values, link, language), why ? `${signature}\n\n${why}` : signature),
    link,
    language,
  };
}

/** The signature every e-mail ends with, as the file gives it in `language` (else the institution's). */
export const signatureIn = (language: LanguageCode): string => institutionWordsIn(language, mail.signature);

/** The name an e-mail in `language` comes from, as the file gives it in that language (else the institution's). */
export const senderNameIn = (language: LanguageCode = DEFAULT_LANGUAGE): string => institutionWordsIn(language, mail.senderName);

/**
 * Why the applicant receives each of the product's transactional e-mails about their own
 * application, after the signature, in words the office does not edit (issue 40: mail the
 * applicant must get says why it is sent; no unsubscribe stops it), `mail.why.<kind>` in the
 * applicant's language (issue 41). The reminders say theirs
 * (domain/messages/reminders.ts), a transactional mailing its own (domain/messages/compose.ts).
 */
const WHY_SENT: readonly MailKind[] = ['confirmation', 'release', 'reply', 'offerExpired', 'retentionWarning'];

/** Each placeholder as itself: a catalog's template comes back with its {placeholders} for composeMail to fill. */
const AS_PLACEHOLDERS = Object.fromEntries(Object.keys(MAIL_PLACEHOLDERS).map((name) => [name, `{${name}}`]));

/**
 * One e-mail's words in the applicant's language (issue 41): the institution's language is the
 * office's words (Settings, else the product's); another language is the catalog's translation
 * of the product's words (mail.<kind>.subject/body), while the office has not edited that e-mail:
 * an edit is what the office wants said, and a translation of the words it replaced would say
 * something else, so an edited e-mail goes as the office wrote it.
 */
export function mailWordsIn(kind: MailKind, language: LanguageCode): MailWords {
  return officeEdits().emails?.[kind] ?? productMailWordsIn(kind, language);
}

/** The product's words of one e-mail in `language` (the catalog's), whatever the office edited: when its edits cannot be read. */
export function productMailWordsIn(kind: MailKind, language: LanguageCode): MailWords {
  if (language === DEFAULT_LANGUAGE) return DEFAULT_EMAIL_WORDS[kind];
  const id = `mail.${kind}`;
  const subject = serverText(language, `${id}.subject`, AS_PLACEHOLDERS);
  // A kind without a translation (the recommender's, sent in the institution's language) keeps the product's words.
  if (subject === `${id}.subject`) return DEFAULT_EMAIL_WORDS[kind];
  return { subject, body: serverText(language, `${id}.body`, AS_PLACEHOLDERS) };
}

/** The name an e-mail greets an applicant by when the form has none ("Dear applicant,"). */
export const applicantWord = (language: LanguageCode): string => serverText(language, 'mail.applicant');

/** The institution's name and title in the e-mail's language, as its file gives them (a name it does not translate stays as written). */
const institutionValues = (values: MailValues, link: string, language: LanguageCode = DEFAULT_LANGUAGE): MailValues => ({
  institution: institutionWordsIn(language, institution.name),
  application_title: institutionWordsIn(language, institution.applicationTitle),
  help_email: institution.helpEmail,
  link,
  ...values,
});

/** An HTML e-mail (the password reset, which the Cognito trigger writes) in `words`, filled in as above. */
export function institutionHtmlMail(
  kind: MailKind,
  words: MailWords,
  values: MailValues,
  link: string,
  language: LanguageCode = DEFAULT_LANGUAGE,
): { subject: string; html: string } {
  return composeHtmlMail(kind, words, institutionValues(values, link, language));
}

/** Each reminder's days as the office last set them in Settings, else the file's `mail.reminders` (none: no reminder is sent). */
export const reminderDays = (): ReminderDays => officeEdits().reminders ?? mail.reminders ?? {};
