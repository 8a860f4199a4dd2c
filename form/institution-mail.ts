/**
 * How the product's e-mails are signed and worded: the sender's display name and the signature
 * every mail ends with, from the institution's configuration file, and each e-mail's subject and
 * body as the office last edited them in Settings (else the product's wording, mail-words.ts).
 * Server code only (the browser sends none; the console's preview composes with mail-words.ts).
 */
import { institution, officeEdits } from './institution';
import { composeHtmlMail, composeMail, DEFAULT_EMAIL_WORDS, type MailKind, type MailValues, type MailWords } from './mail-words';
import type { MailConfig } from './types';

const mail = globalThis.__INSTITUTION__.mail;

export const mailSender: MailConfig = mail;

/**
 * One of the product's e-mails, in the office's current words (installed before the use-case runs,
 * lambdas/wiring/office-words.ts), filled in with what its sender knows: the institution's name,
 * title and help address, and `values`. `link` is the one the mail carries (the dev outbox lists it).
 */
export function institutionMail(kind: MailKind, to: string, values: MailValues, link: string): { to: string; subject: string; text: string; link: string } {
  return { to, ...composeMail(kind, officeMailWords(kind), institutionValues(values, link), mail.signature), link };
}

/** One e-mail's words as the office last edited them (installed, as above), else the product's. */
export const officeMailWords = (kind: MailKind): MailWords => officeEdits().emails?.[kind] ?? DEFAULT_EMAIL_WORDS[kind];

const institutionValues = (values: MailValues, link: string): MailValues => ({
  institution: institution.name,
  application_title: institution.applicationTitle,
  help_email: institution.helpEmail,
  link,
  ...values,
});

/** An HTML e-mail (the password reset, which the Cognito trigger writes) in `words`, filled in as above. */
export function institutionHtmlMail(kind: MailKind, words: MailWords, values: MailValues, link: string): { subject: string; html: string } {
  return composeHtmlMail(kind, words, institutionValues(values, link));
}
