/** The ports of domain/staff/submission-outputs.ts: the submissions index and the event publisher. */
import type { SubmissionOutputs } from '#domain/staff/submission-outputs';
import { publishSubmissionEvent } from './events';
import { indexSubmission, readSubmitted } from './store/submissions-index';

export const submissionOutputs: SubmissionOutputs = { index: { indexSubmission, readSubmitted }, publish: publishSubmissionEvent };
