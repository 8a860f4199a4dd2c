/**
 * The index of submitted applications (staff list, exports, events) as the use-cases need it.
 * Adapter: adapters/store/submissions-index.ts.
 */
import type { OfficeHold } from '#form/wire/data-rights';
import type { Decision, OfficeReply } from '#form/wire/decision-words';
import type { SubmissionEvent } from '#form/wire/events';
import type { OfficeStatus } from '#form/wire/office-status';
import type { ListSort, ListSortBy } from '#form/wire/staff';
import type { Answers } from './answers';
import { IN_PROGRESS_INDEX, IN_PROGRESS_INDEX_KEYS } from './keys';

export type { Answers };

/**
 * The sparse index of submitted applications in the answers table: CDK creates it (lib/ reads
 * these through the route table) and the submissions store queries it. Its key attributes: one
 * partition for all submissions, sorted by submission time. Declared here, not in the route
 * table, so that a Lambda that queries the index does not bundle the table.
 */
export const SUBMISSIONS_INDEX = 'submitted';
export const SUBMISSIONS_INDEX_KEYS = { partition: 'submitted_index', sort: 'submitted_sort' } as const;
/**
 * The change index: a second sparse index of the answers table, the submissions index's partition
 * sorted by the time of the last change to what the student information system's record shows
 * (`<ISO time>#<id>`, unique and in time order; adapters/store/change-stamp.ts writes it). Its
 * list route (GET /sis/v1/applications?since=) pages it oldest change first.
 */
export const CHANGES_INDEX = 'changed';
export const CHANGES_INDEX_KEYS = { partition: SUBMISSIONS_INDEX_KEYS.partition, sort: 'changed_at' } as const;
/**
 * The list's two other orders (issue 39, item 6), sparse indexes of the answers table in the same
 * partition: by name (`name_sort`: last and first name lower-cased and without accents, then the
 * id; written with the submission's index entry) and by average review score (`score_sort`: the
 * zero-padded average then the id, written with each review only once every decider may see the
 * reviews; before that, and at submission, `-#<id>`, below every score).
 */
export const NAME_INDEX = 'by-name';
export const NAME_INDEX_KEYS = { partition: SUBMISSIONS_INDEX_KEYS.partition, sort: 'name_sort' } as const;
export const SCORE_INDEX = 'by-score';
export const SCORE_INDEX_KEYS = { partition: SUBMISSIONS_INDEX_KEYS.partition, sort: 'score_sort' } as const;
/** The score's key before every decider may see the reviews: `-` sorts below every digit, so these come last newest-best first. */
export const UNSCORED_PREFIX = '-#';
/**
 * The answers table's indexes in the order a deployment creates them (CloudFormation creates one
 * per table update: lib/data.ts takes the first `answersIndexes` of them).
 */
export const ANSWERS_INDEXES = [
  [SUBMISSIONS_INDEX, SUBMISSIONS_INDEX_KEYS],
  [CHANGES_INDEX, CHANGES_INDEX_KEYS],
  [IN_PROGRESS_INDEX, IN_PROGRESS_INDEX_KEYS],
  [NAME_INDEX, NAME_INDEX_KEYS],
  [SCORE_INDEX, SCORE_INDEX_KEYS],
] as const;
/** The index each of the list's sorts reads, and its sort attribute. */
export const LIST_INDEXES = {
  submitted: { index: SUBMISSIONS_INDEX, sort: SUBMISSIONS_INDEX_KEYS.sort },
  changed: { index: CHANGES_INDEX, sort: CHANGES_INDEX_KEYS.sort },
  name: { index: NAME_INDEX, sort: NAME_INDEX_KEYS.sort },
  score: { index: SCORE_INDEX, sort: SCORE_INDEX_KEYS.sort },
} as const satisfies Record<ListSortBy, { index: string; sort: string }>;
export { ANSWERS_ITEM_SK } from './keys';

export interface SubmittedApplication {
  id: string;
  reference: string;
  email: string;
  /** The applicant's language at submission (issue 41): the e-mails about the application are in it; absent, the institution's. */
  language?: string;
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
  /** An open flag of a possible duplicate (domain/duplicates/): the list's `duplicate` filter. */
  duplicate?: true;
  /** The change index's key of its last change (`<ISO time>#<id>`); absent on one not changed since the index came. */
  changeKey?: string;
  /** The reviews' average score, once every decider may see the reviews (the score index's key). */
  averageScore?: number;
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
  /** Only those with an open flag of a possible duplicate. */
  duplicate?: boolean;
  /** The copies of the decision and the reply beside the submission. */
  decision?: Decision;
  reply?: OfficeReply;
  /** The answers `hs_ceeb` and `state`. */
  school?: string;
  state?: string;
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
  /** One page of submitted applications matching the filters, in the sort's order (none: newest first). */
  querySubmissions(filters: SubmissionFilters, limit: number, start?: Record<string, unknown>, sort?: ListSort): Promise<SubmissionsPage>;
}

export interface SubmissionsIndex {
  /** Puts a submitted application into the index (idempotent); undefined when it is not submitted. */
  /** `language`: the applicant's chosen language (issue 41), kept beside the address for the e-mails sent about the application. */
  indexSubmission(sub: string, email: string, language?: string): Promise<SubmittedApplication | undefined>;
  readSubmitted(id: string): Promise<SubmittedApplication | undefined>;
}

/** Publishes without ever throwing (a failure is logged for replay); false when it failed. */
export type PublishSubmissionEvent = (event: SubmissionEvent) => Promise<boolean>;

/** Where a page of the change index starts: at `since` (inclusive), or after the last change key a page ended on. */
export type ChangesFrom = { since: string } | { after: string };

export interface ChangesPage {
  /** Oldest change first, each with its `changeKey`. */
  items: Array<SubmittedApplication & { changeKey: string }>;
  /** More may follow after the last item. */
  more: boolean;
}

/** The change index (CHANGES_INDEX above). Adapter: adapters/store/changes-index.ts. */
export type ChangesQuery = (from: ChangesFrom, limit: number) => Promise<ChangesPage>;
