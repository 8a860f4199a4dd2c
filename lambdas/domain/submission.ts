/**
 * Submitting: the server validates the whole application with the shared form model (the
 * browser's checks are a convenience, not a guard), locks the answers once, and moves the
 * status to submitted. A second submit finds the lock and answers as the first did.
 */
// The characters the PDF can print (form/printable.ts): the server always checks them.
import '#form/printable-ranges';
import type { Timetable } from '#form/institution-cycles';
import type { Answers, FieldErrors } from '#form/types';
// The validation alone (no yup, no form barrel: this is the submit route's bundle).
import { validateApplication } from '#form/validation/validate';
import { acceptSubmission } from './cycles/application-window';
import { SubmissionProblems } from './errors';
import { recordCompleteness } from './materials/completeness';
import type { AnswersReader, SubmissionLockStore } from './ports/answers';
import { accountOf, ROUND_KEY } from './ports/keys';
import type { MaterialsStore } from './ports/materials';
import type { WebStatusStore } from './ports/status';
import type { AddAnotherReader, TabsLock, TabsReader } from './ports/tabs';
import { recordSubmission, type SubmissionOutputs } from './staff/submission-outputs';
import { completeWebStatusOnSubmit } from './status-service';
import { lockSubmission } from './submission-lock';
import { keepSubmissionSnapshot, type SnapshotPorts } from './submission-snapshot';

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

export interface SubmitPorts {
  answers: AnswersReader & SubmissionLockStore;
  tabs: TabsReader & AddAnotherReader & TabsLock;
  /** The e-mail the identity provider holds for the applicant (AdminGetUser by `sub`: the server asks, not the applicant's token). */
  verifiedEmail(sub: string): Promise<string>;
  outputs: SubmissionOutputs;
  status: WebStatusStore;
  /** Queues the render of the application PDF. */
  requestApplicationPdf(sub: string): Promise<unknown>;
  /** Queues the confirmation e-mail (its claim keeps it to one send). */
  requestConfirmationMail(sub: string): Promise<void>;
  /** The institution's cycles and rounds, and its clock. */
  timetable: Timetable;
  /** Where the application as submitted is kept (submission-snapshot.ts). */
  snapshot: SnapshotPorts;
  /** Where the completeness the office's list filters on is kept (materials/completeness.ts). */
  materials: MaterialsStore;
}

/**
 * POST /api/submit: checks the whole application, locks it once, and finishes what a submit
 * leads to (the office's index and event, the status, the PDF and the confirmation e-mail).
 * A submit of an application already submitted only finishes those again.
 */
/** `applicant.sub`: the application's key (ports/keys.ts); `cycle`: the cycle it belongs to (the current one when absent). */
export async function submitApplication(ports: SubmitPorts, applicant: { sub: string; cycle?: string }, receivedAt: Date = new Date()): Promise<void> {
  const sub = applicant.sub;
  // The e-mail the office lists, searches and exports is the identity provider's, read before
  // anything is locked; the token's `username` is a UUID in Cognito when e-mail is the username.
  // The language the account chose (issue 41) goes with the submission: the office's later e-mails use it.
  const [{ answers, submittedAt }, tabs, addAnother, email, account] = await Promise.all([
    ports.answers.readAnswers(sub),
    ports.tabs.readTabs(sub),
    ports.tabs.readAddAnother(sub),
    ports.verifiedEmail(sub),
    ports.status.readStatus(accountOf(sub)),
  ]);
  let wonLock = false;
  if (!submittedAt) {
    // The timetable first: after a round's deadline the applicant is told of the rounds still
    // open (409), not that their round is "not one of the choices" (the validators' 422).
    const { cycle, round, late } = acceptSubmission(ports.timetable, answers, receivedAt, applicant.cycle);
    assertSubmittable({ answers, tabs, addAnother, now: receivedAt });
    const placement = { cycle: cycle.id, round: round.id, roundLabel: round.label, late, answerRound: !answers[ROUND_KEY]?.trim() };
    // Only the first of two racing submits wins the lock; both then finish the status.
    wonLock = await lockSubmission(ports.answers, sub, receivedAt, undefined, placement);
  }
  // Tabs and counts follow the answers' lock before anything reads them for the PDF.
  await ports.tabs.lockTabsAndCounts(sub);
  // What was locked, as printed today, before anything prints or exports it; whether its
  // materials are complete already, before the office's list can show it.
  const record = await keepSubmissionSnapshot(ports.snapshot, sub);
  await recordCompleteness(ports.materials, sub, record, receivedAt);
  // The office's index and the `Application Submitted` event, before the PDF is asked for.
  await recordSubmission(ports.outputs, sub, { email, language: account.language }, wonLock, receivedAt);
  // Statuses are reached in order, even when the client skipped posting them; the PDF of the
  // locked answers does not depend on them. The confirmation e-mail is queued on every submit:
  // a repeated submit also retries one that never went, and its claim keeps it to one.
  await Promise.all([completeWebStatusOnSubmit(ports.status, sub), ports.requestApplicationPdf(sub), ports.requestConfirmationMail(sub)]);
}
