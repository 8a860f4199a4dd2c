/**
 * The one e-mail of retention: an account never submitted will be deleted, sign in to keep it.
 * It names the date and the policy, never anything the applicant wrote.
 */
import { institution } from '#form/institution';
import { signatureLines } from '#form/institution-mail';
import type { RetentionConfig } from '#form/types';
import type { OutgoingMail } from '../ports/mail';

/**
 * The UTC day the erasure is due, in words: erasures happen from the first instant of that day
 * (rules.ts), so "sign in before" it is true on every clock.
 */
const utcDayInWords = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(at);

export function warningMail(to: string, deletionAt: Date, policy: RetentionConfig, origin: string): OutgoingMail {
  const date = utcDayInWords(deletionAt);
  const signIn = new URL('/login', origin).href;
  return {
    to,
    subject: `${institution.name}: your application account will be deleted on ${date}`,
    text: [
      'Dear applicant,',
      '',
      `Your application account will be deleted on ${date}: sign in to keep it.`,
      '',
      `You started a ${institution.applicationTitle} at ${institution.name} with this e-mail address and have not signed in for a long time. An application that was never submitted is deleted, with everything saved in it, ${policy.unsubmittedDays} days after its last sign-in.`,
      '',
      `To keep your account, sign in before ${date}: ${signIn}`,
      'If you no longer need it, you do not have to do anything.',
      '',
      `Questions? Write to ${institution.helpEmail}.`,
      ...signatureLines(),
    ].join('\n'),
    link: signIn,
  };
}
