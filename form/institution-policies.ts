/**
 * The institution's policies the office and the server apply: how long what applicants give is
 * kept, what a review asks, the decision letters with their reply-by date and signature, and what
 * happens after each reply. From the configuration file like the rest (form/institution.ts), kept
 * apart so that none of it weighs on the applicant's first load: the browser reads the letters and
 * the next step from GET /api/decision and the retention words only on the privacy page. The
 * file's office words (with every e-mail's default wording) are form/office-file-words.ts, so the
 * footer's retention list does not bring the e-mails into the pages' chunks.
 */
import { officeEdits } from './institution';
import type { DecisionsConfig, InstitutionPolicies } from './types';

const review = globalThis.__INSTITUTION__.review;
const decisions = globalThis.__INSTITUTION__.decisions;
const retention = globalThis.__INSTITUTION__.retention;

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
