/**
 * The index of submitted applications (staff list, exports, events) as the use-cases need it.
 * Adapter: adapters/store/submissions-index.ts.
 */
import type { OfficeHold } from '#form/wire/data-rights';
import type { Decision, OfficeReply } from '#form/wire/decisions';
import type { SubmissionEvent } from '#form/wire/events';
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
/**
 * The change index: a second sparse index of the answers table, the submissions index's partition
 * sorted by the time of the last change to what the student information system's record shows
 * (`<ISO time>#<id>`, unique and in time order; adapters/store/change-stamp.ts writes it). Its
 * list route (GET /sis/v1/applications?since=) pages it oldest change first.
 */
export const CHANGES_INDEX = 'changed';
export const CHANGES_INDEX_KEYS = { partition: SUBMISSIONS_INDEX_KEYS.partition, sort: 'changed_at' } as const;
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
  /** An open flag of a possible duplicate (domain/duplicates/): the list's `duplicate` filter. */
  duplicate?: true;
  /** The change index's key of its last change (`<ISO time>#<id>`); absent on one not changed since the index came. */
  changeKey?: string;
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
