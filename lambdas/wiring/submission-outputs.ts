/** Where a submitted application goes (domain/staff/submission-outputs.ts): for the submit, the submissions index, its readers, the duplicate flags and the event publisher; for the PDF job, the index and the publisher alone. */
import { readingStore } from '#adapters/store/reading-store';
import { indexSubmission, readSubmitted } from '#adapters/store/submissions-index';
import { assignApplication } from '#domain/reading/assignment';
import type { SubmissionOutputs } from '#domain/staff/submission-outputs';
import { reading } from '#form/institution-reading';
import { duplicateFiling } from './duplicates';
import { publishSubmissionEvent } from './events';

/** The index and the events alone: what the PDF job announces with (it assigns nobody and checks no duplicate, so holds none of their grants). */
export function announcementOutputs(): Pick<SubmissionOutputs, 'index' | 'publish'> {
  return { index: { indexSubmission, readSubmitted }, publish: publishSubmissionEvent };
}

export function submissionOutputs(): SubmissionOutputs {
  return {
    ...announcementOutputs(),
    assign: (app) => assignApplication({ reading: readingStore }, reading, app),
    duplicates: duplicateFiling(),
  };
}
