/**
 * The e-mail of a release: an update to the application is waiting on the status page. Never
 * the decision, nor anything of the letter: the applicant reads it signed in.
 */
import { COMPLETION_PATH } from '#form/contract';
import { institution } from '#form/institution';
import { signatureLines } from '#form/institution-mail';
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
