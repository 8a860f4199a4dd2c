/**
 * How the product's e-mails are signed and worded: the sender's display name and the signature
 * every mail ends with, from the institution's configuration file, and each e-mail's subject and
 * body as the office last edited them in Settings (else the product's wording, mail-words.ts).
 * Server code only (the browser sends none; the console's preview composes with mail-words.ts).
 */
import { institution, officeEdits } from './institution';
import { composeMail, DEFAULT_EMAIL_WORDS, type MailKind, type MailValues } from './mail-words';
import type { MailConfig } from './types';

const mail = globalThis.__INSTITUTION__.mail;

export const mailSender: MailConfig = mail;

/**
 * One of the product's e-mails, in the office's current words (installed before the use-case runs,
 * lambdas/wiring/office-words.ts), filled in with what its sender knows: the institution's name,
 * title and help address, and `values`. `link` is the one the mail carries (the dev outbox lists it).
 */
export function institutionMail(kind: MailKind, to: string, values: MailValues, link: string): { to: string; subject: string; text: string; link: string } {
  const words = officeEdits().emails?.[kind] ?? DEFAULT_EMAIL_WORDS[kind];
  const filled = { institution: institution.name, application_title: institution.applicationTitle, help_email: institution.helpEmail, link, ...values };
  return { to, ...composeMail(kind, words, filled, mail.signature), link };
}
