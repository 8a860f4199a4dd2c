/**
 * The e-mails of a decision. A release's: an update to the application is waiting on the status
 * page, never the decision nor anything of the letter (the applicant reads it signed in). A
 * reply's: the applicant's own reply confirmed, with what happens next.
 */
import { COMPLETION_PATH } from '#form/contract';
import { languageOr } from '#form/i18n/server-words';
import { applicantWord, institutionMail } from '#form/institution-mail';
import { replyDone, type Decision, type ReplyChoice } from '#form/wire/decision-words';
import type { OutgoingMail } from '../ports/mail';

/** `language`: the application's (SubmittedApplication.language, issue 41); the institution's when it has none. */
export function releaseMail(to: string, firstName: string, origin: string, language?: string): OutgoingMail {
  const lang = languageOr(language);
  return institutionMail('release', to, { first_name: firstName.trim() || applicantWord(lang) }, new URL(COMPLETION_PATH, origin).href, lang);
}

export interface ReplyMailInput {
  to: string;
  firstName: string;
  decision: Decision;
  reply: ReplyChoice;
  /** The reply's day in words, on the institution's calendar. */
  day: string;
  /** What the institution does next (policies.decisions.afterReply). */
  next: string;
  helpEmail: string;
  origin: string;
  /** The application's language (issue 41). */
  language?: string | undefined;
}

/** The confirmation of the applicant's reply: what they replied and when, and what happens next. */
export function replyMail(input: ReplyMailInput): OutgoingMail {
  const lang = languageOr(input.language);
  return institutionMail(
    'reply',
    input.to,
    {
      first_name: input.firstName.trim() || applicantWord(lang),
      your_reply: replyDone(input.decision, input.reply),
      reply_date: input.day,
      after_reply: input.next,
      help_email: input.helpEmail,
    },
    new URL(COMPLETION_PATH, input.origin).href,
    lang,
  );
}

/** An offer nobody answered by its reply-by date was declined: an update is waiting on the status page (never what it is). */
export function offerExpiredMail(to: string, firstName: string, origin: string, language?: string): OutgoingMail {
  const lang = languageOr(language);
  return institutionMail('offerExpired', to, { first_name: firstName.trim() || applicantWord(lang) }, new URL(COMPLETION_PATH, origin).href, lang);
}
