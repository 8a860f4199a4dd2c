/**
 * The index of submitted applications (staff list, exports, events) as the use-cases need it.
 * Adapter: adapters/store/submissions-index.ts.
 */
import type { OfficeHold } from '#form/wire/data-rights';
import type { Decision, OfficeReply, ReplyChoice } from '#form/wire/decisions';
import type { OfficeStatus } from '#form/wire/office-status';
import type { Answers } from './answers';

export type { Answers };

/**
 * The sparse index of submitted applications in the answers table: CDK creates it (lib/ reads
 * these through the route table) and the submissions store queries it. Its key attributes: one
 * partition for all submissions, sorted by submission time. Declared here, not in the route
 * table, so that a Lambda that queries the index does not bundle the table.
 */
export const SUBMISSIONS_INDEX = 'submitted';
export const SUBMISSIONS_INDEX_KEYS = { partition: 'submitted_index', sort: 'submitted_sort' } as const;
export { ANSWERS_ITEM_SK } from './keys';

export interface SubmittedApplication {
  id: string;
  reference: string;
  email: string;
  submittedAt: string;
  answers: Answers;
  /** The copy of the office status beside the submission (submitted until the first change). */
  officeStatus: OfficeStatus;
  /** The copies of the recorded decision and the applicant's reply beside the submission (ports/decisions.ts). */
  decision?: Decision;
  reply?: OfficeReply;
  /** A legal or enrolment hold an admin placed (domain/data-rights/hold.ts). */
  hold?: OfficeHold;
  /** Where the submission went in the timetable (issue 37); absent for applications submitted before cycles. */
  placement?: SubmittedPlacement;
  /** Every required material received or waived, as the office's last mark found it (domain/materials/mark.ts); absent: not marked complete. */
  complete?: true;
}

/** The cycle and round an application was submitted in, and whether it came inside the late window. */
export interface SubmittedPlacement {
  cycle: string;
  round: string;
  late: boolean;
}

export interface SubmissionFilters {
  term?: string;
  major?: string;
  q?: string;
  status?: OfficeStatus;
  cycle?: CycleChoice;
  /** A round's id (an application submitted before cycles has none). */
  round?: string;
  /** Only those submitted inside a late window (true) or only those on time (false). */
  late?: boolean;
  /** Only those whose every required material is received or waived (true), or only the others (false). */
  complete?: boolean;
}

/** One cycle's applications: those placed in it, and with `withUnplaced` those submitted before cycles (they belong to the first configured cycle). */
export interface CycleChoice {
  id: string;
  withUnplaced: boolean;
}

export interface SubmissionsPage {
  items: SubmittedApplication[];
  /** The index key to continue from, or undefined after the last page. */
  next?: Record<string, unknown>;
}

export interface SubmissionsQuery {
  /** One page of submitted applications matching the filters, newest first. */
  querySubmissions(filters: SubmissionFilters, limit: number, start?: Record<string, unknown>): Promise<SubmissionsPage>;
}

export interface SubmissionsIndex {
  /** Puts a submitted application into the index (idempotent); undefined when it is not submitted. */
  indexSubmission(sub: string, email: string): Promise<SubmittedApplication | undefined>;
  readSubmitted(id: string): Promise<SubmittedApplication | undefined>;
}

/** The events the institution's systems consume (EventBridge in AWS; adapters/events.ts). */
export type SubmissionEventType =
  | 'Application Submitted'
  | 'Application PDF Ready'
  | 'Recommendation Submitted'
  | 'Decision Released'
  | ReplyEventType
  | 'Offer Expired'
  | 'Application Erased';

/** The applicant's reply to a released decision. */
export type ReplyEventType = 'Offer Accepted' | 'Offer Declined' | 'Waitlist Joined';

export interface SubmissionEventDetail {
  /** The application id (the staff API's id). */
  id: string;
  /** The 8-character reference given at submit ('' for applications submitted before references). */
  reference: string;
  submitted_at: string;
  entry_term: string;
  entry_term_desc: string;
  applied_major: string;
  applied_major_desc: string;
  /** The application PDF's object key in the documents bucket. */
  pdf_key: string;
  /** The cycle and round it was submitted in, and whether late (absent for applications submitted before cycles). */
  cycle?: string;
  round?: string;
  late?: boolean;
}

/** A recommender's letter arrived (the letter itself stays in the documents bucket). */
export interface RecommendationSubmittedDetail {
  /** The recommendation's id. */
  id: string;
  /** The application's reference ('' when the applicant has not submitted yet). */
  reference: string;
  role: 'counselor' | 'teacher';
}

/** A decision was shown to the applicant (never in the e-mail: the event is for the institution's systems). */
export interface DecisionReleasedDetail {
  /** The application id. */
  id: string;
  reference: string;
  decision: Decision;
}

export interface DecisionReplyDetail extends DecisionReleasedDetail {
  reply: ReplyChoice;
  replied_at: string;
}

/** Nobody answered an offer (admit or waitlist) by its reply-by day: the daily sweep declined it. */
export interface OfferExpiredDetail extends DecisionReleasedDetail {
  /** Always `decline`: what the offer now stands at. */
  reply: 'decline';
  /** The offer's last day (YYYY-MM-DD, the institution's clock). */
  reply_by: string;
  /** When the sweep declined it. */
  expired_at: string;
}

/** The office erased an application: the institution's systems delete their copies too (nothing personal in it). */
export interface ApplicationErasedDetail {
  id: string;
  reference: string;
}

export type SubmissionEvent =
  | { type: 'Application Submitted' | 'Application PDF Ready'; detail: SubmissionEventDetail }
  | { type: 'Recommendation Submitted'; detail: RecommendationSubmittedDetail }
  | { type: 'Decision Released'; detail: DecisionReleasedDetail }
  | { type: ReplyEventType; detail: DecisionReplyDetail }
  | { type: 'Offer Expired'; detail: OfferExpiredDetail }
  | { type: 'Application Erased'; detail: ApplicationErasedDetail };

/** Publishes without ever throwing (a failure is logged for replay); false when it failed. */
export type PublishSubmissionEvent = (event: SubmissionEvent) => Promise<boolean>;
