/**
 * The institution's policies the office and the server apply: how long what applicants give is
 * kept, what a review asks, the decision letters with their reply-by date and signature, and what
 * happens after each reply. From the configuration file like the rest (form/institution.ts), kept
 * apart so that none of it weighs on the applicant's first load: the browser reads the letters and
 * the next step from GET /api/decision and the retention words only on the privacy page.
 */
import { officeEdits } from './institution';
import { mailSender } from './institution-mail';
import { DEFAULT_EMAIL_WORDS } from './mail-words';
import type { OfficeWords } from './office-words';
import type { DecisionsConfig, InstitutionPolicies } from './types';

const review = globalThis.__INSTITUTION__.review;
const decisions = globalThis.__INSTITUTION__.decisions;
const retention = globalThis.__INSTITUTION__.retention;
const welcome = globalThis.__INSTITUTION__.welcome;
const afterSubmission = globalThis.__INSTITUTION__.afterSubmission;

export const policies: InstitutionPolicies = {
  retention,
  reviewRubric: review.rubric,
  decisions,
};

/**
 * The four decision letters: the office edits them in Settings without a deploy (issue 36, item
 * 5), so they are read only through this, which answers the office's current edit
 * (institution.ts's `officeEdits`) or else the file's letters.
 */
export const decisionLetters = (): DecisionsConfig['letters'] => officeEdits().letters ?? decisions.letters;

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
