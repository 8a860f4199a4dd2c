/** Where a submitted application goes: the submissions index, its readers and the event publisher (domain/staff/submission-outputs.ts), for the submit and the PDF job. */
import { readingStore } from '#adapters/store/reading-store';
import { indexSubmission, readSubmitted } from '#adapters/store/submissions-index';
import { assignApplication } from '#domain/reading/assignment';
import type { SubmissionOutputs } from '#domain/staff/submission-outputs';
import { reading } from '#form/institution-reading';
import { publishSubmissionEvent } from './events';

/** The index and the events alone: what the PDF job announces with (it assigns nobody). */
export function announcementOutputs(): Pick<SubmissionOutputs, 'index' | 'publish'> {
  return { index: { indexSubmission, readSubmitted }, publish: publishSubmissionEvent };
}

export function submissionOutputs(): SubmissionOutputs {
  return { ...announcementOutputs(), assign: (app) => assignApplication({ reading: readingStore }, reading, app) };
}
