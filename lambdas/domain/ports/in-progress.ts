/**
 * The applications in progress as the office's list needs them (domain/office/in-progress.ts):
 * a sparse index of the answers table whose keys only unsubmitted answer items carry, written by
 * the applicant's save in its one write and removed by the submission's lock, and each listed
 * application's answers item and its account's status item (the address they sign in with). Adapter: adapters/store/in-progress-index.ts.
 */
import type { Answers } from '#form/wire/answers';

/** The index's name and keys (ports/keys.ts, where the save's bundle already has them). */
export { IN_PROGRESS_INDEX, IN_PROGRESS_INDEX_KEYS } from './keys';

/** What the save writes on the answers item beside its answers (set where absent): the index's keys, from the application's cycle and the save's time. */
export interface ProgressMark {
  cycle: string;
}

export interface InProgressSlice {
  /** The applications' ids, newest start first. */
  ids: string[];
  /** The sort key of the last one read, when more may follow. */
  next?: string;
}

/** An application's answers item as the list reads it. */
export interface DraftApplication {
  id: string;
  answers: Answers;
  email: string;
  startedAt: string;
  /** The last save. */
  updatedAt: string;
  /** Submitted meanwhile (the index follows its table a moment later). */
  submitted: boolean;
}

export interface InProgressIndex {
  /** Up to `limit` applications of a cycle started before the sort key `after` (none: the newest). */
  queryInProgress(cycle: string, limit: number, after?: string): Promise<InProgressSlice>;
  /** The application's answers item and its account's sign-in address (the status item's); undefined when it is gone. */
  readDraft(id: string): Promise<DraftApplication | undefined>;
}
