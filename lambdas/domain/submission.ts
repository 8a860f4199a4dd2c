/**
 * Submitting: the server validates the whole application with the shared form model (the
 * browser's checks are a convenience, not a guard), locks the answers once, and moves the
 * status to submitted. A second submit finds the lock and answers as the first did.
 */
// The validation alone (no yup, no form barrel: this is the submit route's bundle).
import { validateApplication } from '#form/validation/validate';
// The characters the PDF can print (form/printable.ts): the server always checks them.
import '#form/printable-ranges';
import type { Answers, FieldErrors } from '#form/types';
import { SubmissionProblems } from './errors';

export const SUBMITTED_TEXT = 'Your application was successfully submitted.';

export interface SubmissionInput {
  answers: Answers;
  tabs: Record<string, string>;
  addAnother: Record<string, number>;
  now?: Date;
}

export function submissionProblems(input: SubmissionInput): FieldErrors {
  return validateApplication(input.answers, { tabs: input.tabs, addAnother: input.addAnother, ...(input.now ? { now: input.now } : {}) });
}

export function assertSubmittable(input: SubmissionInput): void {
  const problems = submissionProblems(input);
  if (Object.keys(problems).length > 0) throw new SubmissionProblems(problems);
}
