/**
 * What a submission gives the admissions office: its row in the submissions index (staff list,
 * exports), its readers (the reading's assignment rules) and the events the institution's systems consume. The index write is repeated on
 * every submit call (idempotent, so a retry heals a crash after the lock); each event is
 * published once, by the call that won the lock or by the render that produced the PDF.
 */
import type { SubmissionEventDetail } from '#form/wire/events';
import { applicationPdfKey } from '../documents/keys';
import { flagDuplicates, type DuplicateFiling } from '../duplicates/flag';
import { eventCommon } from '../events/common';
import type { PublishSubmissionEvent, SubmissionsIndex, SubmittedApplication } from '../ports/submissions';

export interface SubmissionOutputs {
  index: SubmissionsIndex;
  publish: PublishSubmissionEvent;
  /** The reading's assignment (reading/assignment.ts): written once, repeated calls put its pointers back. */
  assign: (app: SubmittedApplication) => Promise<unknown>;
  /** Possible duplicates: compared at submission, flagged to the office, never blocking (domain/duplicates/). */
  duplicates: DuplicateFiling;
}

export function eventDetail(app: SubmittedApplication, pdfKey: string): SubmissionEventDetail {
  const a = app.answers;
  return {
    ...eventCommon(app.id, app.placement),
    id: app.id,
    reference: app.reference,
    submitted_at: app.submittedAt,
    entry_term: a.entry_term ?? '',
    entry_term_desc: a.entry_term_desc ?? '',
    applied_major: a.applied_major ?? '',
    applied_major_desc: a.applied_major_desc ?? '',
    pdf_key: pdfKey,
    ...(app.placement ? { round: app.placement.round, late: app.placement.late } : {}),
  };
}

/**
 * After the answers are locked: index the application, assign its readers and compare it with
 * the others of its cycle (every submit call: each is idempotent, so a retried submit heals a
 * crash between them); publish `Application Submitted` on the first submit.
 */
export async function recordSubmission(
  outputs: SubmissionOutputs,
  sub: string,
  contact: { email: string; language?: string | undefined },
  firstSubmit: boolean,
  now: Date = new Date(),
): Promise<void> {
  const app = await outputs.index.indexSubmission(sub, contact.email, contact.language);
  if (app) await outputs.assign(app);
  if (app) await flagDuplicates(outputs.duplicates, app, now);
  if (app && firstSubmit) await outputs.publish({ type: 'Application Submitted', detail: eventDetail(app, applicationPdfKey(sub)) });
}

/**
 * After a PDF is stored: `Application PDF Ready`, for submitted applications only (drafts print
 * too). The caller logs a failure and carries on: the PDF is stored whatever happens to its announcement.
 */
export async function announcePdfReady(outputs: Pick<SubmissionOutputs, 'index' | 'publish'>, sub: string, objectKey: string): Promise<void> {
  const app = await outputs.index.readSubmitted(sub);
  if (app) await outputs.publish({ type: 'Application PDF Ready', detail: eventDetail(app, objectKey) });
}
