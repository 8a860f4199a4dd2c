/**
 * An application's office status and its history, as the use-cases need them. Adapter:
 * adapters/store/office-status-store.ts (the history in the append-only audit table, the status
 * copied beside the submission on the answers item for the list's filter).
 */
import type { OfficeStatus, OfficeStatusChange } from '#form/wire/office-status';

export type { OfficeStatus, OfficeStatusChange };

/** A history entry with its place in the sequence (1 for the first change). */
export interface NumberedChange extends OfficeStatusChange {
  seq: number;
}

export interface OfficeStatusStore {
  /** The application's changes, oldest first. */
  readHistory(id: string): Promise<NumberedChange[]>;
  /**
   * Adds the change as number `seq`; false when that number is taken (someone changed the
   * status meanwhile). Never replaces an entry.
   */
  appendHistory(id: string, change: NumberedChange): Promise<boolean>;
  /** Copies the status beside the submission (never back to an older change's). */
  markStatus(id: string, status: OfficeStatus, seq: number): Promise<void>;
}

export interface SubmittedCheck {
  readSubmitted(id: string): Promise<unknown>;
}
