/**
 * Reviews: what a review asks (the institution's rubric), a reviewer's own review (created or
 * revised; the first review of an application nobody has looked at starts its reading), who sees
 * which reviews, and the reader's queue.
 */
import type { Timetable } from '#form/institution-cycles';
import { cycleById } from '#form/timetable';
import type { ReadingConfig } from '#form/types';
import { DECISIONS, DECISION_MESSAGES } from '#form/wire/decision-words';
import { type ReviewCriterion, type ReviewForm, type ReviewRequest } from '#form/wire/decisions';
import { queueCycle } from '../cycles/office-cycles';
import { Conflict, Invalid, NotFound } from '../errors';
import { changeOfficeStatus, currentStatus, NO_SUBMITTED_APPLICATION } from '../lifecycle/history';
import { historyLine, transition } from '../lifecycle/table';
import type { StaffAudit } from '../ports/audit';
import type { Review, ReviewQueue, ReviewStore } from '../ports/decisions';
import type { OfficeStatus, OfficeStatusStore, SubmittedCheck } from '../ports/office-status';
import type { SubmittedPlacement } from '../ports/submissions';
import { isBlindRound } from '../reading/blind';
import { noteRead, type ReadDonePorts } from '../reading/reads';
import { scoreSortKey } from '../staff/sort-keys';

export function reviewForm(rubric: readonly ReviewCriterion[]): ReviewForm {
  return { criteria: rubric.map(({ key, label, help }) => ({ key, label, help })), recommendations: [...DECISIONS] };
}

/** The scores, in the rubric's order, when they are exactly its criteria; a 400 naming the first missing or unknown one otherwise. */
export function rubricScores(rubric: readonly ReviewCriterion[], scores: Readonly<Record<string, number>>): Record<string, number> {
  const unknown = Object.keys(scores).find((key) => !rubric.some((c) => c.key === key));
  if (unknown) {
    const message = `“${unknown}” is not a criterion of the review form. Score only: ${rubric.map((c) => c.key).join(', ')}.`;
    throw new Invalid(message, { scores: [message] });
  }
  const missing = rubric.find((c) => scores[c.key] === undefined);
  if (missing) {
    const message = `Score “${missing.label}” (${missing.key}): ${DECISION_MESSAGES.score}`;
    throw new Invalid(message, { scores: [message] });
  }
  return Object.fromEntries(rubric.map((c) => [c.key, scores[c.key] as number]));
}

export interface ReviewPorts {
  reviews: ReviewStore;
  /** The submitted application with its placement (whether its round is read blind). */
  status: OfficeStatusStore & { readSubmitted(id: string): Promise<{ placement?: SubmittedPlacement | undefined } | undefined> };
  audit: StaffAudit;
  /** The reading's pointers and the committee (reading/reads.ts), the institution's reading section, and the timetable (its blind rounds). */
  reading: { store: ReadDonePorts; config: ReadingConfig; timetable: Timetable };
}

/** The table's first review: submitted → in_review, with its history line. */
const FIRST_REVIEW = transition('review');

/**
 * Creates or revises `reviewer`'s review of a submitted application, recorded in the audit trail
 * first. A review of an application still `submitted` moves it to `in_review`; a revision (the
 * application is in review or further by then) leaves the status alone.
 */
export async function saveReview(
  ports: ReviewPorts,
  rubric: readonly ReviewCriterion[],
  id: string,
  reviewer: string,
  request: ReviewRequest,
  now: Date = new Date(),
): Promise<Review> {
  const scores = rubricScores(rubric, request.scores);
  const app = await ports.status.readSubmitted(id);
  if (!app) throw new NotFound(NO_SUBMITTED_APPLICATION);
  const before = await ports.reviews.readReviews(id);
  const own = before.find((r) => r.reviewer === reviewer);
  await ports.audit({ action: 'review', application: id, detail: { recommendation: request.recommendation, change: own ? 'revised' : 'added' } });
  const review: Review = {
    reviewer,
    scores,
    recommendation: request.recommendation,
    notes: request.notes,
    created_at: own?.created_at ?? now.toISOString(),
    updated_at: now.toISOString(),
  };
  // The list's score order, in the review's own write: withheld while a blind round's reads are out.
  const blind = isBlindRound(ports.reading.timetable, app.placement);
  const scoreSort = scoreSortKey([...before.filter((r) => r.reviewer !== reviewer), review], id, { blind, readsRequired: ports.reading.config.readsRequired });
  await ports.reviews.saveReview(id, review, scoreSort);
  await startReading(ports.status, id, reviewer, now);
  const reviews = [...(await ports.reviews.readReviews(id)).filter((r) => r.reviewer !== reviewer), review];
  await noteRead(ports.reading.store, ports.reading.config, id, reviewer, reviews);
  return review;
}

/** submitted → in_review; two first reviews at once both succeed (the second finds it in review already). */
async function startReading(status: OfficeStatusStore & SubmittedCheck, id: string, reviewer: string, now: Date): Promise<void> {
  const waiting = async () => (FIRST_REVIEW.from as readonly OfficeStatus[]).includes(currentStatus(await status.readHistory(id)).status);
  if (!(await waiting())) return;
  try {
    await changeOfficeStatus(status, { id, to: FIRST_REVIEW.to, staff: reviewer, what: historyLine(FIRST_REVIEW) }, now);
  } catch (error) {
    if (!(error instanceof Conflict) || (await waiting())) throw error;
  }
}

export const nothingToRead = (cycle: string): string =>
  `There is nothing left for you to read in ${cycle}: you have reviewed every application of that cycle waiting for a decision.`;

/**
 * The oldest application of the cycle chosen (by default the office's current one) waiting for a
 * decision that the reviewer has not reviewed and nobody else has checked out (the request is
 * recorded first).
 */
export async function nextToRead(
  ports: { queue: ReviewQueue; audit: StaffAudit; timetable: Timetable },
  reviewer: string,
  query: { cycle?: string },
  now: Date,
): Promise<{ id: string; reference: string }> {
  const cycle = queueCycle(ports.timetable, query.cycle, now);
  await ports.audit({ action: 'queue', detail: { cycle: cycle.id } });
  const next = await ports.queue.nextUnreviewed(reviewer, cycle, now.toISOString());
  if (!next) throw new NotFound(nothingToRead(cycleById(ports.timetable.cycles, cycle.id)?.label ?? cycle.id));
  return next;
}
