/**
 * How the product's e-mails are signed and worded: the sender's display name and the signature
 * every mail ends with, from the institution's configuration file, and each e-mail's subject and
 * body as the office last edited them in Settings (else the product's wording, mail-words.ts).
 * Server code only (the browser sends none; the console's preview composes with mail-words.ts).
 */
import { institution, officeEdits } from './institution';
import { composeHtmlMail, composeMail, DEFAULT_EMAIL_WORDS, type MailKind, type MailValues, type MailWords } from './mail-words';
import type { MailConfig, ReminderDays } from './types';

const mail = globalThis.__INSTITUTION__.mail;

export const mailSender: MailConfig = mail;

/**
 * One of the product's e-mails, in the office's current words (installed before the use-case runs,
 * lambdas/wiring/office-words.ts), filled in with what its sender knows: the institution's name,
 * title and help address, and `values`. `link` is the one the mail carries (the dev outbox lists it).
 */
export function institutionMail(kind: MailKind, to: string, values: MailValues, link: string): { to: string; subject: string; text: string; link: string } {
  const why = WHY_SENT[kind]?.(institution.name);
  return { to, ...composeMail(kind, officeMailWords(kind), institutionValues(values, link), why ? `${mail.signature}\n\n${why}` : mail.signature), link };
}

/**
 * Why the applicant receives each of the product's transactional e-mails about their own
 * application, after the signature, in words the office does not edit (issue 40: mail the
 * applicant must get says why it is sent; no unsubscribe stops it). The reminders say theirs
 * (domain/messages/reminders.ts), a transactional mailing its own (domain/messages/compose.ts).
 */
const WHY_SENT: Partial<Record<MailKind, (institution: string) => string>> = {
  confirmation: (name) => `You are receiving this because you submitted an application to ${name}. It is sent once, to confirm that it arrived.`,
  release: (name) => `You are receiving this because you have an application with ${name} and there is an update to it on your status page.`,
  reply: (name) => `You are receiving this because you replied to your offer from ${name}: it confirms your reply.`,
  offerExpired: (name) => `You are receiving this because you have an application with ${name} and its offer's reply-by date has passed.`,
  retentionWarning: (name) => `You are receiving this because you started an application to ${name} and have not submitted it.`,
};

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

/** Each reminder's days as the office last set them in Settings, else the file's `mail.reminders` (none: no reminder is sent). */
export const reminderDays = (): ReminderDays => officeEdits().reminders ?? mail.reminders ?? {};
