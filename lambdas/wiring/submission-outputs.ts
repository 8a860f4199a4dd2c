/** Where a submitted application goes (domain/staff/submission-outputs.ts): for the submit, the submissions index, the duplicate flags and the event publisher; for the PDF job, the index and the publisher alone. */
import { indexSubmission, readSubmitted } from '#adapters/store/submissions-index';
import type { SubmissionOutputs } from '#domain/staff/submission-outputs';
import { duplicateFiling } from './duplicates';
import { publishSubmissionEvent } from './events';

export function submissionOutputs(): SubmissionOutputs {
  return { ...pdfOutputs(), duplicates: duplicateFiling() };
}

/** The PDF job's announcement: no duplicate check (and so none of its grants). */
export function pdfOutputs(): Pick<SubmissionOutputs, 'index' | 'publish'> {
  return { index: { indexSubmission, readSubmitted }, publish: publishSubmissionEvent };
}
