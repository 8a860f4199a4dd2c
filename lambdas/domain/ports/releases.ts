/**
 * Releases of decisions as the use-cases need them: the release itself (scheduled, released or
 * cancelled), the pending ones, and the clock that runs a scheduled one at its time. Adapters:
 * adapters/store/releases-store.ts (status table: pk=release#<id> sk=release, and the pending
 * partition pk=releases sk=<at>#<id>), adapters/scheduler.ts (EventBridge Scheduler in AWS, the
 * local stack's timers locally).
 */
import type { ReleaseSummary, ReleaseTarget } from '#form/wire/decisions';

export type { ReleaseSummary, ReleaseTarget };

export interface ReleaseRecord {
  id: string;
  /** When it runs (or ran). */
  at: string;
  state: ReleaseSummary['state'];
  target: ReleaseTarget;
  created_by: string;
  created_at: string;
  /** Set when a run takes it: from then on it cannot be cancelled. */
  started_at?: string;
  /** How many applications it released (once done). */
  released?: number;
  /** The decision each application named had when the release was asked for (its `decided_at`): the run releases that one or skips it. */
  pins?: Record<string, string>;
  /** The applications it skipped because their decision changed after it was asked for (once done). */
  skipped?: string[];
}

export interface ReleaseStore {
  /** Stores a new scheduled release and its line in the pending list. */
  createRelease(release: ReleaseRecord): Promise<void>;
  readRelease(id: string): Promise<ReleaseRecord | undefined>;
  /** The scheduled releases not yet done, soonest first. */
  listPending(): Promise<ReleaseRecord[]>;
  /**
   * A run takes the release: false when it is cancelled or already released. A run that took it
   * and failed takes it again (its retry).
   */
  startRelease(id: string, at: string): Promise<boolean>;
  /** The run is done: `released` applications, `skipped` the ones whose decision changed; its pending line goes. */
  finishRelease(id: string, released: number, skipped: readonly string[]): Promise<void>;
  /** Cancels a scheduled release no run has taken; false when one has (or it is no longer scheduled). */
  cancelRelease(id: string): Promise<boolean>;
}

/** Runs a stored release at its time. */
export interface ReleaseScheduler {
  schedule(id: string, at: string): Promise<void>;
  /** Idempotent: cancelling a schedule that is gone is no error. */
  unschedule(id: string): Promise<void>;
}
