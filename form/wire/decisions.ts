/**
 * Reviews, decisions, releases and the applicant's reply: what the office sends to review an
 * application, stage a decision (one or many) and release it, and what the applicant reads and
 * sends once a decision is released. The replies' shapes are here too, so the console, the
 * status page and the handlers read one definition (docs/decisions-lifecycle.md).
 */
import type { LanguageCode } from '../i18n/languages';
import {
  type Decision,
  isDecision,
  type ReplyChoice,
  isReplyChoice,
  type OfficeReply,
  REVIEW_SCORE_MIN,
  REVIEW_SCORE_MAX,
  REVIEW_NOTES_MAX_LENGTH,
  DECISION_NOTE_MAX_LENGTH,
  DECISION_REASON_MAX_LENGTH,
  MAX_BULK_IDS,
  MAX_RELEASE_DAYS_AHEAD,
  DECISION_MESSAGES,
} from './decision-words';
import { bodyInput, InputError, rejectUnknownFields, requireObject, type FieldErrors } from './input';
import { parseApplicationId } from './staff';

// The words and limits live apart (./decision-words.ts, no imports), so a screen that shows a label loads no parser.

/** A criterion of the institution's review rubric (configuration: `reviewRubric`). */
export interface ReviewCriterion {
  key: string;
  label: string;
  help: string;
}

/** GET /staff/api/review-form: what a review asks. */
export interface ReviewForm {
  criteria: ReviewCriterion[];
  recommendations: Decision[];
}

/** One reviewer's review of one application (a reviewer has at most one, which they may revise). */
export interface Review {
  /** The reviewer's e-mail. */
  reviewer: string;
  scores: Record<string, number>;
  recommendation: Decision;
  notes: string;
  created_at: string;
  updated_at: string;
}

/** The decision the office has recorded, as deciders and admins read it. */
export interface StaffDecision {
  decision: Decision;
  note?: string;
  decided_by: string;
  decided_at: string;
  /** When the applicant was shown it (absent while staged). */
  released_at?: string;
  /** The applicant's reply, once made (`expired`: declined by the daily sweep, unanswered by the reply-by date). */
  reply?: OfficeReply;
  replied_at?: string;
}

/** The answer of a decision recorded on one application. */
export interface DecisionRecorded {
  office_status: 'decided';
  decision: StaffDecision;
}

/** The answer of a bulk decision: every id was decided (all or nothing). */
export interface BulkDecisionRecorded {
  decision: Decision;
  count: number;
  ids: string[];
}

/** A release, pending (scheduled) or done. `ids` or `status` says which applications it takes. */
export interface ReleaseSummary {
  id: string;
  /** When it runs (or ran). */
  at: string;
  state: 'scheduled' | 'released' | 'cancelled';
  /** The applications named, or absent when the release takes every application then `decided`. */
  ids?: string[];
  status?: 'decided';
  created_by: string;
  created_at: string;
  /** How many applications it released (once done). */
  released?: number;
  /** Applications named (or decided) whose decision was recorded after the release was asked for: not released by it. */
  skipped?: string[];
}

export interface ReleaseList {
  items: ReleaseSummary[];
  /** How many applications are decided now: what a release of "every decided application" would take. */
  decided: number;
}

/** The decision letter: the institution's template for the decision, filled in. */
export interface DecisionLetter {
  title: string;
  paragraphs: string[];
  /** The app's route that answers 303 to a short-lived link to the letter's PDF. */
  download_url: string;
  /** The letter in the other languages its template is written in (the institution's configuration), for a page in one of them. */
  in?: Partial<Record<LanguageCode, { title: string; paragraphs: string[] }>>;
}

/** GET /api/decision: nothing before release (not even whether a decision is staged). */
export type ApplicantDecision =
  | { status: 'pending' }
  | {
      status: 'released';
      decision: Decision;
      released_at: string;
      letter: DecisionLetter;
      /**
       * `by`: the offer's last day to reply; `next_steps`: once replied, what the institution does
       * next; `expired`: nobody replied by `by`, and the daily sweep declined the offer (`chosen`
       * is then `decline`, `replied_at` when the sweep did it).
       */
      reply: { options: ReplyChoice[]; by?: string; chosen?: ReplyChoice; replied_at?: string; next_steps?: string; expired?: true };
    };

function optionalText(body: Record<string, unknown>, name: string, max: number, message: string): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new InputError(`${name} must be text.`, { [name]: [`${name} must be text.`] });
  const trimmed = value.trim();
  if ([...trimmed].length > max) throw new InputError(message, { [name]: [message] });
  return trimmed;
}

function throwIfAny(errors: FieldErrors): void {
  const first = Object.values(errors)[0];
  if (first) throw new InputError(first[0] as string, errors);
}

const CRITERION_KEY = /^[a-z][a-z0-9_]{0,39}$/;

export interface ReviewRequest {
  scores: Record<string, number>;
  recommendation: Decision;
  notes: string;
}

/**
 * POST /staff/api/applications/{id}/reviews. The shape is checked here; that the criteria are
 * exactly the rubric's is the use-case's check (the rubric is configuration).
 */
export function parseReview(raw: unknown): ReviewRequest {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['scores', 'recommendation', 'notes']);
  const errors: FieldErrors = {};
  const scores: Record<string, number> = {};
  const rawScores = body.scores;
  if (rawScores === null || typeof rawScores !== 'object' || Array.isArray(rawScores)) errors.scores = [DECISION_MESSAGES.score];
  else {
    for (const [key, value] of Object.entries(rawScores as Record<string, unknown>).slice(0, 50)) {
      if (!CRITERION_KEY.test(key) || typeof value !== 'number' || !Number.isInteger(value) || value < REVIEW_SCORE_MIN || value > REVIEW_SCORE_MAX) {
        errors.scores = [DECISION_MESSAGES.score];
        break;
      }
      scores[key] = value;
    }
  }
  if (!isDecision(body.recommendation)) errors.recommendation = [DECISION_MESSAGES.recommendation];
  let notes = '';
  try {
    notes = optionalText(body, 'notes', REVIEW_NOTES_MAX_LENGTH, DECISION_MESSAGES.notesTooLong);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    errors.notes = error.errors?.notes ?? [error.message];
  }
  throwIfAny(errors);
  return { scores, recommendation: body.recommendation as Decision, notes };
}
export const saveReviewInput = bodyInput<{ scores: Record<string, number>; recommendation: Decision; notes?: string }>()(parseReview);

export interface DecisionRequest {
  decision: Decision;
  note: string;
  /** Required (by the use-case) when the application's decision is already released. */
  reason: string;
}

/** PUT /staff/api/applications/{id}/decision. */
export function parseDecision(raw: unknown): DecisionRequest {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['decision', 'note', 'reason']);
  if (!isDecision(body.decision)) throw new InputError(DECISION_MESSAGES.decision, { decision: [DECISION_MESSAGES.decision] });
  const note = optionalText(body, 'note', DECISION_NOTE_MAX_LENGTH, DECISION_MESSAGES.noteTooLong);
  const reason = optionalText(body, 'reason', DECISION_REASON_MAX_LENGTH, DECISION_MESSAGES.reasonTooLong);
  return { decision: body.decision, note, reason };
}
export const recordDecisionInput = bodyInput<{ decision: Decision; note?: string; reason?: string }>()(parseDecision);

/** 1–500 distinct application ids. */
export function parseIds(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_BULK_IDS) throw new InputError(DECISION_MESSAGES.ids, { ids: [DECISION_MESSAGES.ids] });
  const ids = raw.map((id) => parseApplicationId(typeof id === 'string' ? id : undefined));
  return [...new Set(ids)];
}

/** POST /staff/api/decisions: one decision for many applications. */
export function parseBulkDecision(raw: unknown): { ids: string[]; decision: Decision; note: string } {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['ids', 'decision', 'note']);
  const ids = parseIds(body.ids);
  if (!isDecision(body.decision)) throw new InputError(DECISION_MESSAGES.decision, { decision: [DECISION_MESSAGES.decision] });
  const note = optionalText(body, 'note', DECISION_NOTE_MAX_LENGTH, DECISION_MESSAGES.noteTooLong);
  return { ids, decision: body.decision, note };
}
export const recordDecisionsInput = bodyInput<{ ids: string[]; decision: Decision; note?: string }>()(parseBulkDecision);

export type ReleaseTarget = { ids: string[] } | { status: 'decided' };
export interface ReleaseRequest {
  target: ReleaseTarget;
  /** Absent: now. */
  at?: string;
}

/** POST /staff/api/releases. `now` bounds `at` (in the future, within a year). */
export function parseRelease(raw: unknown, now: Date = new Date()): ReleaseRequest {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['ids', 'status', 'at']);
  const hasIds = body.ids !== undefined && body.ids !== null;
  const hasStatus = body.status !== undefined && body.status !== null;
  if (hasIds === hasStatus || (hasStatus && body.status !== 'decided')) throw new InputError(DECISION_MESSAGES.releaseTarget);
  const target: ReleaseTarget = hasIds ? { ids: parseIds(body.ids) } : { status: 'decided' };
  if (body.at === undefined || body.at === null || body.at === '') return { target };
  const time =
    typeof body.at === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/.test(body.at) ? Date.parse(body.at) : Number.NaN;
  if (!Number.isFinite(time) || time <= now.getTime() || time > now.getTime() + MAX_RELEASE_DAYS_AHEAD * 86_400_000) {
    throw new InputError(DECISION_MESSAGES.at, { at: [DECISION_MESSAGES.at] });
  }
  return { target, at: new Date(time).toISOString() };
}
export const scheduleReleaseInput = bodyInput<{ ids?: string[]; status?: 'decided'; at?: string }>()((raw) => parseRelease(raw));

/** POST /api/decision/reply. Whether the choice is offered (and still open) is the use-case's check. */
export function parseReply(raw: unknown): { reply: ReplyChoice } {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['reply']);
  if (!isReplyChoice(body.reply)) throw new InputError(DECISION_MESSAGES.reply, { reply: [DECISION_MESSAGES.reply] });
  return { reply: body.reply };
}
export const replyToDecisionInput = bodyInput<{ reply: ReplyChoice }>()(parseReply);

/** A release's id: its creation time (base 36, so ids sort by time) and a random part, as temporary links'. */
export const RELEASE_ID = /^[0-9a-z]{9}[0-9a-f]{12}$/;
