/**
 * The words and limits of reviews, decisions and the applicant's reply: what the console and the
 * status page show and check before sending. Without imports, so a screen that needs a label or
 * a limit loads none of the request parsers (form/wire/decisions.ts, which re-exports these).
 */
/** What the office decides, and what a reviewer recommends. */
export const DECISIONS = ['admit', 'deny', 'waitlist', 'defer'] as const;
export type Decision = (typeof DECISIONS)[number];

export function isDecision(value: unknown): value is Decision {
  return typeof value === 'string' && (DECISIONS as readonly string[]).includes(value);
}

export const DECISION_LABELS: Record<Decision, string> = { admit: 'Admit', deny: 'Deny', waitlist: 'Waitlist', defer: 'Defer' };

/** The applicant's reply to a released decision. */
export const REPLY_CHOICES = ['accept', 'decline', 'join_waitlist'] as const;
export type ReplyChoice = (typeof REPLY_CHOICES)[number];

export function isReplyChoice(value: unknown): value is ReplyChoice {
  return typeof value === 'string' && (REPLY_CHOICES as readonly string[]).includes(value);
}

/** The replies each decision offers: an admit is accepted or declined, a waitlist place joined or declined; the others need none. */
export const REPLY_OPTIONS: Record<Decision, readonly ReplyChoice[]> = {
  admit: ['accept', 'decline'],
  waitlist: ['join_waitlist', 'decline'],
  deny: [],
  defer: [],
};

export const REPLY_LABELS: Record<ReplyChoice, string> = {
  accept: 'Accept the offer',
  decline: 'Decline',
  join_waitlist: 'Join the waitlist',
};

/**
 * The reply as the office reads it: the applicant's, or `expired` when the daily sweep declined an
 * offer nobody answered by its reply-by date (the record's reply is then `decline` with `expired`).
 */
export type OfficeReply = ReplyChoice | 'expired';
// The type is written out, not taken from the list: the schema generator (scripts/openapi/) reads no spread.
const OFFICE_REPLIES: readonly OfficeReply[] = [...REPLY_CHOICES, 'expired'];

export function isOfficeReply(value: unknown): value is OfficeReply {
  return typeof value === 'string' && (OFFICE_REPLIES as readonly string[]).includes(value);
}

/** A reply once made, as the office's list and the applicant's page name it ("Accepted", not the button's "Accept the offer"). */
const REPLY_MADE: Record<OfficeReply, string> = {
  accept: 'Accepted',
  decline: 'Declined',
  join_waitlist: 'Joined the waitlist',
  expired: 'Declined automatically (no reply by the reply-by date)',
};

export function replyMadeInWords(reply: OfficeReply): string {
  return REPLY_MADE[reply];
}

/** What expired when an offer went unanswered, told to the applicant (the answered letter, the status page). */
export function expiredInWords(decision: Decision): string {
  return decision === 'waitlist' ? 'The place on the waitlist you were offered expired' : 'The offer of admission expired';
}

/** What the reply did, told to the applicant (the answered letter, the confirmation e-mail). */
export function replyDone(decision: Decision, reply: ReplyChoice): string {
  if (reply === 'accept') return 'You accepted the offer of admission';
  if (reply === 'join_waitlist') return 'You joined the waitlist';
  return decision === 'waitlist' ? 'You declined the place on the waitlist' : 'You declined the offer of admission';
}

export const REVIEW_SCORE_MIN = 1;
export const REVIEW_SCORE_MAX = 5;
export const REVIEW_NOTES_MAX_LENGTH = 5000;
export const DECISION_NOTE_MAX_LENGTH = 1000;
/** Why a released decision changes (required, an admin's). */
export const DECISION_REASON_MAX_LENGTH = 500;
/** One bulk decision or release names at most this many applications. */
export const MAX_BULK_IDS = 500;

/** A release is scheduled at most this far ahead. */
export const MAX_RELEASE_DAYS_AHEAD = 366;

export const DECISION_MESSAGES = {
  recommendation: `Choose a recommendation: ${DECISIONS.join(', ')}.`,
  decision: `Choose a decision: ${DECISIONS.join(', ')}.`,
  score: `Give each criterion a score from ${REVIEW_SCORE_MIN} to ${REVIEW_SCORE_MAX}.`,
  notesTooLong: `Notes must be ${REVIEW_NOTES_MAX_LENGTH} characters or fewer.`,
  noteTooLong: `The note must be ${DECISION_NOTE_MAX_LENGTH} characters or fewer.`,
  reasonTooLong: `The reason must be ${DECISION_REASON_MAX_LENGTH} characters or fewer.`,
  ids: `Name between 1 and ${MAX_BULK_IDS} applications.`,
  releaseTarget: 'Name the applications to release (ids) or release every decided application (status: "decided"), not both.',
  at: 'Give the release time as an ISO date and time in the future, like 2027-03-15T14:00:00Z.',
  reply: 'Choose one of the replies offered.',
} as const;
