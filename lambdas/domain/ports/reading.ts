/**
 * Reading assignments, checkouts and the committee (issue 39, item 1), as the use-cases need them
 * (domain/reading/).
 *
 * Storage (adapters/store/reading-store.ts):
 *   answers table, on the submission's answers item (pk=<id> sk=answers):
 *     reading_readers   the readers assigned (a string set; absent: none), written once at
 *                       submission (conditional) and replaced by an admin's reassignment
 *     checkout_by, checkout_until   who holds the application and until when (ISO): every take or
 *                       renewal is one conditional update, so two readers never both hold it
 *     reading_committee the reads disagree (set by the read that made them disagree)
 *   status table, pointer items (the shelves below), one partition each, sorted oldest first:
 *     pk=reading#reader#<e-mail>   sk=<submittedAt>#<id>  assigned to that reader, not yet read by them
 *     pk=reading#open              sk=…                   fewer readers assigned than reads required
 *     pk=reading#committee         sk=…                   reads that disagree
 *     pk=reading#checkout#<e-mail> sk=…                   held by that reader (with `until`)
 *     pk=reading#turn              sk=rule#<n>            the round-robin counter of rule n
 * so a reader's queue is one Query of their own partition, never a scan of the applications.
 */
import type { OfficeStatus } from '#form/wire/office-status';
import type { Review } from './decisions';

/** How long a checkout lasts from its last take or renewal. */
export const CHECKOUT_MINUTES = 30;

/** The statuses still being read: a decided application has nothing left to read. */
export const STILL_READ: readonly OfficeStatus[] = ['submitted', 'in_review'];

export interface Checkout {
  by: string;
  /** ISO time: after it the checkout is free for anyone. */
  until: string;
}

/** An application as the reading reads it: its answers item's reading attributes. */
export interface ReadingRecord {
  id: string;
  reference: string;
  name: string;
  submittedAt: string;
  placement?: { cycle: string; round: string };
  officeStatus: OfficeStatus;
  /** The readers assigned (by the rules or an admin). */
  readers: string[];
  /** The staff who have submitted a review (the queue's marker). */
  reviewedBy: string[];
  checkout?: Checkout;
  committee: boolean;
}

/** What a pointer item carries: enough for a queue's row without reading the application. */
export interface Pointer {
  id: string;
  reference: string;
  name: string;
  submittedAt: string;
  /** A checkout pointer's end (ISO). */
  until?: string;
}

/** One partition of pointers. */
export type Shelf = { kind: 'assigned'; reader: string } | { kind: 'open' } | { kind: 'committee' } | { kind: 'checkout'; reader: string };

export interface ReadingStore {
  /** The application's reading, or undefined unless it is a submitted application. */
  readReading(id: string): Promise<ReadingRecord | undefined>;
  /** Several at once (a page of a shelf), in any order; the unknown left out. */
  readReadings(ids: readonly string[]): Promise<ReadingRecord[]>;
  /** Writes the assigned readers if none were ever written (`replace`: an admin's reassignment, always); false when some already were. */
  writeReaders(id: string, readers: readonly string[], replace: boolean): Promise<boolean>;
  /** The round-robin counter of a rule advanced by `step`: its value before (0 the first time). */
  nextTurn(rule: number, step: number): Promise<number>;
  /**
   * Takes or renews the checkout for `reader` until `until`, if nobody else holds it at `now`
   * (one conditional write). Undefined when taken; the holder's checkout when refused.
   */
  takeCheckout(id: string, reader: string, until: string, now: string): Promise<Checkout | undefined>;
  /** Ends `reader`'s checkout (nothing when someone else holds it). */
  releaseCheckout(id: string, reader: string): Promise<void>;
  /** Marks the reads disagreeing on the answers item. */
  markCommittee(id: string): Promise<void>;
  putPointer(shelf: Shelf, pointer: Pointer): Promise<void>;
  deletePointer(shelf: Shelf, pointer: Pick<Pointer, 'id' | 'submittedAt'>): Promise<void>;
  /** The first `limit` pointers of a shelf, oldest submission first. */
  readShelf(shelf: Shelf, limit: number): Promise<Pointer[]>;
  /** How many pointers a shelf holds (a checkout shelf: those still running at `now`). */
  countShelf(shelf: Shelf, now?: string): Promise<number>;
}

/** The reviews of one application (the committee's disagreement reads them). */
export interface ReviewsReader {
  readReviews(id: string): Promise<Review[]>;
}
