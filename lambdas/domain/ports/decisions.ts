/**
 * Reviews, the office's decision and its release, as the use-cases need them.
 *
 * Storage (answers table, beside the submission; adapters/store/):
 *   pk=<sub> sk=review#<staff e-mail>  one reviewer's review (revised in place: a review is the
 *                                      reviewer's own working note; the history records that it was made)
 *   pk=<sub> sk=decision               the decision record below (`version` guards every write)
 * and on the submission's answers item the copies the staff list filters and shows without a
 * second read: `office_decision` (the recorded decision) and `office_reply` (the applicant's reply),
 * and the queue's marker `reviewed_by` (a string set of the reviewers' e-mails).
 * Releases (scheduled or done) live in the status table: pk=release#<id> sk=release, and one
 * partition pk=releases sk=<at>#<id> listing the pending ones.
 */
import type { Decision, OfficeReply, ReplyChoice } from '#form/wire/decision-words';
import type { Review } from '#form/wire/decisions';
import type { CycleChoice } from './submissions';

export type { Decision, ReplyChoice, Review };

/**
 * The reply as the office reads it (the list's copy `office_reply`, the exports, the application
 * page): `expired` for the sweep's once it has finished; none while it is still finishing, so the
 * submissions index still offers the application to the sweep that finishes it.
 */
export function officeReplyOf(reply: DecisionRecord['reply'], expiring?: boolean): OfficeReply | undefined {
  if (!reply) return undefined;
  if (!reply.expired) return reply.choice;
  return expiring ? undefined : 'expired';
}

export interface DecisionRecord {
  /** The decision recorded last (staged until a release shows it). */
  decision: Decision;
  note: string;
  decided_by: string;
  decided_at: string;
  /** What the applicant sees: the decision as the last release showed it (absent before the first release). */
  released?: { decision: Decision; at: string; release_id: string };
  /**
   * The applicant's reply to the released decision (a new release of a changed decision clears it),
   * or the daily sweep's: `decline` with `expired` when nobody answered the offer by its reply-by
   * date (domain/cycles/expiry.ts).
   */
  reply?: { choice: ReplyChoice; at: string; expired?: true };
  /**
   * Set with an expired reply until the sweep has finished the expiry's other steps (history,
   * audit, e-mail, event): a sweep that stopped midway finds it again and finishes it.
   */
  expiring?: true;
  /**
   * The release that showed `released` to the applicant and has not finished with the application
   * (its status is not yet `released`): no decision is written while it is set (lifecycle/table.ts).
   */
  releasing?: string;
  /** Incremented by every write; each write is conditional on the version read. */
  version: number;
}

export interface ReviewStore {
  /** Every review of the application, oldest first. */
  readReviews(id: string): Promise<Review[]>;
  /**
   * Creates or replaces this reviewer's review, then marks the submission reviewed by them (the
   * queue's marker, `reviewed_by` on the answers item, so the queue skips it without reading reviews).
   */
  saveReview(id: string, review: Review, scoreSort: string): Promise<void>;
}

/** The reader's queue: the oldest application of a cycle still to be decided that this reviewer has not reviewed and nobody else holds at `now` (ISO). */
export interface ReviewQueue {
  nextUnreviewed(reviewer: string, cycle: CycleChoice, now: string): Promise<{ id: string; reference: string } | undefined>;
}

export interface DecisionStore {
  readDecision(id: string): Promise<DecisionRecord | undefined>;
  /** Writes the record if its stored version is still `expectedVersion` (0: none yet); false when someone wrote meanwhile. */
  writeDecision(id: string, record: DecisionRecord, expectedVersion: number): Promise<boolean>;
}
