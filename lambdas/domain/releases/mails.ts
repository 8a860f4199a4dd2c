/**
 * The e-mails of a decision. A release's: an update to the application is waiting on the status
 * page, never the decision nor anything of the letter (the applicant reads it signed in). A
 * reply's: the applicant's own reply confirmed, with what happens next.
 */
import { COMPLETION_PATH } from '#form/contract';
import { institution } from '#form/institution';
import { signatureLines } from '#form/institution-mail';
import { replyDone, type Decision, type ReplyChoice } from '#form/wire/decision-words';
import type { OutgoingMail } from '../ports/mail';

export function releaseMail(to: string, firstName: string, origin: string): OutgoingMail {
  const statusUrl = new URL(COMPLETION_PATH, origin).href;
  return {
    to,
    subject: `${institution.name}: an update to your application`,
    text: [
      `Dear ${firstName.trim() || 'applicant'},`,
      '',
      `There is an update to your ${institution.applicationTitle} to ${institution.name}.`,
      '',
      `Sign in to your status page to read it: ${statusUrl}`,
      '',
      `Questions? Write to ${institution.helpEmail}.`,
      ...signatureLines(),
    ].join('\n'),
    link: statusUrl,
  };
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
}

/** The confirmation of the applicant's reply: what they replied and when, and what happens next. */
export function replyMail(input: ReplyMailInput): OutgoingMail {
  const statusUrl = new URL(COMPLETION_PATH, input.origin).href;
  return {
    to: input.to,
    subject: `${institution.name}: your reply has been received`,
    text: [
      `Dear ${input.firstName.trim() || 'applicant'},`,
      '',
      `${replyDone(input.decision, input.reply)} on ${input.day}. Thank you for letting us know.`,
      '',
      'What happens next',
      input.next,
      '',
      `Your status page shows your reply and your letter: ${statusUrl}`,
      '',
      `Questions? Write to ${input.helpEmail}.`,
      ...signatureLines(),
    ].join('\n'),
    link: statusUrl,
  };
}
