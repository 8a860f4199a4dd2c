/**
 * The events the institution's systems consume: on the stack's EventBridge bus in AWS (source
 * `admissions.applications`, the type as `detail-type`), in the data directory's events file
 * locally (/_dev/events). This is a public contract, like the SIS API: each event type's detail
 * has a JSON Schema generated from these types (docs/events/, `npm run docs:events`), and a
 * version. Version 1 only grows: a field is added, never removed or changed in meaning; a change
 * that breaks a consumer is version 2, published beside version 1 for one cycle.
 */
import type { Decision, ReplyChoice } from './decision-words';

export const EVENT_SOURCE = 'admissions.applications';

/** The major version of every event's detail (see above). */
export const EVENT_VERSION = 1;

/** What every event's detail carries. */
export interface EventCommon {
  /** The detail's major version: always 1 here. */
  version: typeof EVENT_VERSION;
  /** The admission cycle of the application the event is about (the configuration's cycle id). */
  cycle: string;
}

/** The applicant's reply to a released decision. */
export type ReplyEventType = 'Offer Accepted' | 'Offer Declined' | 'Waitlist Joined';

export type SubmissionEventType =
  | 'Application Submitted'
  | 'Application PDF Ready'
  | 'Recommendation Submitted'
  | 'Decision Released'
  | ReplyEventType
  | 'Offer Expired'
  | 'Application Erased';

/**
 * An application was submitted, or its PDF was stored. The application whole (answers, documents,
 * decision) is read by its id from the SIS API (`GET /sis/v1/applications/{id}`).
 */
export interface SubmissionEventDetail extends EventCommon {
  /** The application id (the staff and SIS APIs' id). */
  id: string;
  /** The 8-character reference given at submit ('' for applications submitted before references). */
  reference: string;
  /**
   * When it was submitted (ISO 8601, UTC).
   * @pattern ^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$
   */
  submitted_at: string;
  entry_term: string;
  entry_term_desc: string;
  applied_major: string;
  applied_major_desc: string;
  /** The application PDF's object key in the documents bucket. */
  pdf_key: string;
  /** The round it was submitted in, and whether late (absent for applications submitted before cycles). */
  round?: string;
  late?: boolean;
}

/** A recommender's letter arrived (the letter itself stays in the documents bucket). */
export interface RecommendationSubmittedDetail extends EventCommon {
  /** The recommendation's id. */
  id: string;
  /** The application's reference ('' when the applicant has not submitted yet). */
  reference: string;
  role: 'counselor' | 'teacher';
}

/** A decision was shown to the applicant (never in the e-mail: the event is for the institution's systems). */
export interface DecisionReleasedDetail extends EventCommon {
  /** The application id. */
  id: string;
  reference: string;
  decision: Decision;
}

export interface DecisionReplyDetail extends DecisionReleasedDetail {
  reply: ReplyChoice;
  /**
   * When the applicant replied (ISO 8601, UTC).
   * @pattern ^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$
   */
  replied_at: string;
}

/** Nobody answered an offer (admit or waitlist) by its reply-by day: the daily sweep declined it. */
export interface OfferExpiredDetail extends DecisionReleasedDetail {
  /** Always `decline`: what the offer now stands at. */
  reply: 'decline';
  /**
   * The offer's last day (YYYY-MM-DD, the institution's clock).
   * @pattern ^\d{4}-\d{2}-\d{2}$
   */
  reply_by: string;
  /**
   * When the sweep declined it (ISO 8601, UTC).
   * @pattern ^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$
   */
  expired_at: string;
}

/** The office erased an application: the institution's systems delete their copies too (nothing personal in it). */
export interface ApplicationErasedDetail extends EventCommon {
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

/**
 * Each event type's detail, by type: what the JSON Schemas are generated from (scripts/docs-events.ts
 * reads it by name, which is why it is exported).
 * @public
 */
export interface EventDetails {
  'Application Submitted': SubmissionEventDetail;
  'Application PDF Ready': SubmissionEventDetail;
  'Recommendation Submitted': RecommendationSubmittedDetail;
  'Decision Released': DecisionReleasedDetail;
  'Offer Accepted': DecisionReplyDetail;
  'Offer Declined': DecisionReplyDetail;
  'Waitlist Joined': DecisionReplyDetail;
  'Offer Expired': OfferExpiredDetail;
  'Application Erased': ApplicationErasedDetail;
}
