/**
 * The decision lifecycle as one table: the office statuses an application moves through and every
 * allowed move, with who may make it, what it needs and what it writes (the history entry and what
 * a reader is shown of it, the audit record, the event, the e-mail). The use-cases ask it: the
 * history (history.ts) accepts only its moves and words them per role, a decision (decisions/decide.ts)
 * takes its row by the application's status, the release (releases/release.ts) and the reply
 * (releases/applicant.ts) take their event and mail from it. docs/decisions-lifecycle.md shows it,
 * generated from it (`npx tsx scripts/lifecycle-doc.ts`; test/unit/lifecycle-doc.test.ts fails when
 * the two differ).
 *
 * An offer nobody answers by its reply-by day expires: the daily sweep (cycles/expiry.ts) declines
 * it (`expire`, which keeps the status and writes history). A deferral released in a round before
 * the cycle's regular one moves the application into that round and back into review (`defer-round`).
 */
import { DECISIONS, DECISION_LABELS, REPLY_LABELS, REPLY_OPTIONS, type Decision, type ReplyChoice } from '#form/wire/decision-words';
import type { ReplyEventType, SubmissionEventType } from '#form/wire/events';
import type { OfficeStatus } from '#form/wire/office-status';
import { ADMIN_ONLY, ANY_STAFF_ROLE, DECIDING_ROLES, type StaffRole } from '#form/wire/roles';
import type { AuditAction } from '../ports/audit';

/** An application is `submitted` until its history's first entry. */
export const INITIAL_STATUS: OfficeStatus = 'submitted';

/** Who makes a move: a staff role, the applicant (their session), or the system (a scheduled run, in the name of the admin who asked). */
export type Actor = StaffRole | 'applicant' | 'system';

export type Trigger = 'review' | 'decide' | 'change' | 'change-released' | 'release' | ReplyChoice | 'expire' | 'defer-round';

/** What a decision's history line is made of. */
export interface DecisionWords {
  decision: Decision;
  /** The decision it replaces (staged, or as released). */
  previous?: Decision;
  reason?: string;
  /** A deferral's move between rounds, by their labels. */
  rounds?: { from: string; to: string };
}

export interface Transition {
  trigger: Trigger;
  /** In words, for the diagram. */
  label: string;
  from: readonly OfficeStatus[];
  to: OfficeStatus;
  by: readonly Actor[];
  /** What else must hold, in words (the use-case named in `checkedBy` checks it). */
  conditions: readonly string[];
  /** A decision row: `reason` required or optional; `bulk` whether it may be made on many applications at once. */
  decision?: { reason: 'required' | 'optional'; bulk: boolean };
  /**
   * The history entry it appends: the full line (deciders and admins read it; `{decision}`,
   * `{previous}` and `{reason}` filled by historyLine) and the words a reader is shown instead (a
   * reader sees no decision anywhere: no value, no reason).
   */
  history?: { line: string; reader: string };
  /** The audit record (written before the move takes effect); `bulk` for a request on many applications. */
  audit?: { action: AuditAction; bulk?: AuditAction };
  event?: SubmissionEventType;
  /** The e-mail: its kind (a release's is claimed once per application and release) and what it says. */
  mail?: { kind: string; says: string };
  /** The use-case that makes the move. */
  checkedBy: string;
}

/** A reply of the applicant to the released decision: offered by the decisions whose REPLY_OPTIONS name it. */
function replyRow<C extends ReplyChoice, E extends ReplyEventType>(trigger: C, event: E): Transition & { trigger: C; to: 'released'; event: E } {
  const offeredBy = DECISIONS.filter((d) => REPLY_OPTIONS[d].includes(trigger)).map((d) => DECISION_LABELS[d]);
  return {
    trigger,
    label: `reply ${REPLY_LABELS[trigger].toLowerCase()}`,
    from: ['released'],
    to: 'released',
    by: ['applicant'],
    conditions: [`the released decision is ${offeredBy.join(' or ')}`, 'one reply, never changed', "by the end of the offer's reply-by day"],
    event,
    mail: { kind: 'decision-reply', says: 'the reply confirmed, with what happens next (sent once: one reply is ever written)' },
    checkedBy: 'releases/applicant.ts replyToDecision',
  };
}

export const LIFECYCLE = [
  {
    trigger: 'review',
    label: 'first review',
    from: ['submitted'],
    to: 'in_review',
    by: ANY_STAFF_ROLE,
    conditions: ["the application's first review (a revision, or a review of an application further on, keeps the status)"],
    history: { line: 'First review', reader: 'First review' },
    audit: { action: 'review' },
    checkedBy: 'decisions/reviews.ts saveReview',
  },
  {
    trigger: 'decide',
    label: 'decide',
    from: ['submitted', 'in_review'],
    to: 'decided',
    by: DECIDING_ROLES,
    conditions: ['no release of the application is unfinished'],
    decision: { reason: 'optional', bulk: true },
    history: { line: 'Decision: {decision}{reason}', reader: 'Decision recorded' },
    audit: { action: 'decision', bulk: 'decisions' },
    checkedBy: 'decisions/decide.ts recordDecision, recordDecisions',
  },
  {
    trigger: 'change',
    label: 'change the staged decision',
    from: ['decided'],
    to: 'decided',
    by: DECIDING_ROLES,
    conditions: ['no release of the application is unfinished', 'a history entry only when the decision differs (a new note changes the record alone)'],
    decision: { reason: 'optional', bulk: true },
    history: { line: 'Decision changed: {previous} → {decision}{reason}', reader: 'Decision changed' },
    audit: { action: 'decision', bulk: 'decisions' },
    checkedBy: 'decisions/decide.ts recordDecision, recordDecisions',
  },
  {
    trigger: 'change-released',
    label: 'change the released decision',
    from: ['released'],
    to: 'decided',
    by: ADMIN_ONLY,
    conditions: ['with a reason', 'one application at a time', 'a decision other than the released one', 'no release of the application is unfinished'],
    decision: { reason: 'required', bulk: false },
    history: { line: 'Released decision changed: {previous} → {decision}{reason}', reader: 'Released decision changed' },
    audit: { action: 'decision' },
    checkedBy: 'decisions/decide.ts recordDecision',
  },
  {
    trigger: 'release',
    label: 'release',
    from: ['decided'],
    to: 'released',
    by: [...ADMIN_ONLY, 'system'],
    conditions: ['every application named is decided (all or nothing)', 'a scheduled release skips one whose decision was recorded after it was asked for'],
    history: { line: 'Released', reader: 'Released' },
    audit: { action: 'release' },
    event: 'Decision Released',
    mail: { kind: 'decision-release', says: 'an update is waiting on the status page (never the decision)' },
    checkedBy: 'releases/release.ts scheduleRelease, runRelease',
  },
  replyRow('accept', 'Offer Accepted'),
  replyRow('decline', 'Offer Declined'),
  replyRow('join_waitlist', 'Waitlist Joined'),
  {
    trigger: 'expire',
    label: 'offer expires',
    from: ['released'],
    to: 'released',
    by: ['system'],
    conditions: [
      'the released decision is Admit or Waitlist and has no reply',
      "the offer's reply-by day has ended on the institution's clock (the daily sweep)",
      'a reply at the same moment wins or loses whole (both write the decision record on its version)',
    ],
    history: { line: 'Offer expired: no reply by the reply-by date, declined automatically', reader: 'Updated automatically' },
    audit: { action: 'offer.expire' },
    event: 'Offer Expired',
    mail: { kind: 'offer-expired', says: 'an update is waiting on the status page (never the decision)' },
    checkedBy: 'cycles/expiry.ts expireOffers',
  },
  {
    trigger: 'defer-round',
    label: 'deferred to the regular round',
    from: ['released'],
    to: 'in_review',
    by: ['system'],
    conditions: [
      'the decision released is Defer',
      "the application's round comes before the cycle's regular round (its last non-binding one)",
      'its reviews are kept; the queue offers it again',
    ],
    history: { line: 'Deferred: moved from {from_round} to {to_round}', reader: 'Back in review' },
    checkedBy: 'releases/release.ts runRelease (after the release row)',
  },
] as const satisfies readonly Transition[];

type Row = (typeof LIFECYCLE)[number];

/** The row of a trigger (each trigger has exactly one), with its event's and status's exact types. */
export function transition<T extends Trigger>(trigger: T): Extract<Row, { trigger: T }> {
  const row = (LIFECYCLE as readonly Transition[]).find((r) => r.trigger === trigger);
  if (!row) throw new Error(`no lifecycle row for ${trigger}`);
  return row as Extract<Row, { trigger: T }>;
}

export function mayMake(row: Transition, actor: Actor): boolean {
  return row.by.includes(actor);
}

/** The row a decision on an application in this status is (deciding, changing it staged, changing it released). */
export function decisionRow(status: OfficeStatus): Transition | undefined {
  return (LIFECYCLE as readonly Transition[]).find((r) => r.decision && r.from.includes(status));
}

/** The row whose history entry goes from `from` to `to` (one at most: the table's test checks it). */
export function historyRow(from: OfficeStatus, to: OfficeStatus): Transition | undefined {
  return (LIFECYCLE as readonly Transition[]).find((r) => r.history && r.from.includes(from) && r.to === to);
}

/**
 * A row's history line for these words, decisions by their labels ("Decision: Admit"):
 * `{previous} → ` only when there is one, `{reason}` as ". Reason: …" when one is given.
 */
export function historyLine(row: Transition, words?: DecisionWords): string {
  const line = row.history?.line;
  if (!line) throw new Error(`the lifecycle row ${row.trigger} writes no history`);
  return line
    .replace('{previous} → ', words?.previous ? `${DECISION_LABELS[words.previous]} → ` : '')
    .replace('{decision}', words?.decision ? DECISION_LABELS[words.decision] : '')
    .replace('{reason}', words?.reason ? `. Reason: ${words.reason}` : '')
    .replace('{from_round}', words?.rounds?.from ?? 'its round')
    .replace('{to_round}', words?.rounds?.to ?? 'the regular round');
}
