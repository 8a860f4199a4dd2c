/** Where a submitted application goes: the submissions index and the event publisher (domain/staff/submission-outputs.ts), for the submit and the PDF job. */
import { indexSubmission, readSubmitted } from '#adapters/store/submissions-index';
import type { SubmissionOutputs } from '#domain/staff/submission-outputs';
import { publishSubmissionEvent } from './events';

export function submissionOutputs(): SubmissionOutputs {
  return { index: { indexSubmission, readSubmitted }, publish: publishSubmissionEvent };
}
