/**
 * The words of Settings as the configuration file writes them, the e-mails as the product words
 * them (mail-words.ts): server code and the console's tests. Apart from institution-policies.ts,
 * whose retention the applicant's footer reads: importing the e-mails' default words there put
 * 4.5 kB (gzip) of them into every applicant page's chunks (issue 41 item 6).
 */
import { mailSender } from './institution-mail';
import { DEFAULT_EMAIL_WORDS } from './mail-words';
import type { OfficeWords } from './office-words';

const welcome = globalThis.__INSTITUTION__.welcome;
const afterSubmission = globalThis.__INSTITUTION__.afterSubmission;
const decisions = globalThis.__INSTITUTION__.decisions;

/** The words of Settings as the file writes them (the e-mails as the product words them): what a section never edited says. */
export const fileOfficeWords = (): OfficeWords => ({
  announcements: welcome.announcements,
  letters: decisions.letters,
  promises: welcome.promises,
  submitted: welcome.submitted,
  nextSteps: afterSubmission.nextSteps,
  emails: DEFAULT_EMAIL_WORDS,
  reminders: mailSender.reminders ?? {},
});
