/**
 * What the retention sweep (domain/retention/sweep.ts) needs from the world: the applicants'
 * accounts as the identity provider holds them, each one's last sign-in and retention warning
 * (status table), the submissions past their keeping time (the answers table's submissions
 * index), and the eraser that removes an account entirely. The eraser is the one deletion of the
 * platform (closing an account, the office's erasure): the sweep only decides who is due. The
 * same pass over the status table finds the accounts erased lately (their closed session
 * records), whose leftovers the sweep removes (domain/data-rights/leftovers.ts).
 */

import type { OfficeHold } from '#form/wire/data-rights';

/**
 * The hold on a submitted application's record (adapters/store/hold-store.ts, the attribute the
 * sweep's reads and its erasure's condition see): conditional writes, false when refused.
 */
export interface HoldStore {
  /** Places the hold on a submitted application that has none; false: not submitted (any more) or held already. */
  placeHold(id: string, hold: OfficeHold): Promise<boolean>;
  /** Lifts the hold placed at `at`; false: that hold is not there any more. */
  liftHold(id: string, at: string): Promise<boolean>;
}

/**
 * Why an account is erased by the sweep (the eraser may record it; it is never personal):
 * never submitted, submitted past its keeping time, or data whose identity no longer exists.
 */
export type RetentionErasureCause = 'retention-unsubmitted' | 'retention-submitted' | 'retention-orphaned';

/**
 * What the sweep read when it decided an account was due: not submitted, with the last sign-in it
 * saw (none: never signed in), or submitted at that instant. Either way, not held.
 */
export type DecidedState = { submitted: false; lastSignInAt?: string } | { submitted: true; submittedAt: string };

/** Removes an applicant's identity, every table item and every object; idempotent and resumable. */
export interface AccountEraser {
  /**
   * Erases the account only while it is still as the sweep decided from (`decided`, checked in a
   * conditional write before anything is deleted): an applicant who signed in or submitted since
   * the sweep read them, or an application held since, is left whole and the answer is false. A
   * deletion already begun (its marker) was decided before and is finished whatever.
   */
  eraseAccount(sub: string, cause: RetentionErasureCause, decided: DecidedState): Promise<boolean>;
}

/** Where one application stands now (strongly consistent): submitted, and held by the office. */
export interface ApplicationState {
  submitted: boolean;
  /** A legal or enrolment hold an admin set (PUT /staff/api/applications/{id}/hold): retention keeps the application while it lasts. */
  held: boolean;
}

/**
 * Deletes what a late writer killed before its check left of an erased applicant, the closed
 * session record aside (domain/data-rights/leftovers.ts), or only counts it in a dry run; answers
 * how many items and objects. Idempotent.
 */
export interface LeftoverRemover {
  removeLeftovers(sub: string, dryRun: boolean): Promise<number>;
}

/** One applicant account in the identity provider. */
export interface ApplicantAccount {
  sub: string;
  /** Where the warning goes; never part of the sweep's result or its logs. */
  email: string;
  /** When the account was signed up (ISO 8601); absent when the provider does not know. */
  createdAt?: string;
  /** False until the sign-up code was entered: such an account never signed in and has no address proven. */
  confirmed: boolean;
}

/** Lists every applicant account (Cognito ListUsers, or the local provider's table), page by page. */
export interface ApplicantDirectory {
  listAccounts(): AsyncIterable<ApplicantAccount>;
  /** Whether an account with this `sub` exists now, asked of the provider directly (a listing is no snapshot). */
  accountExists(sub: string): Promise<boolean>;
}

/** What the status table knows of an account's use of it. */
export interface AccountActivity {
  sub: string;
  /** The last successful sign-in (ISO 8601). */
  lastSignInAt?: string;
  /** When the latest retention warning was sent (ISO 8601). */
  lastWarnedAt?: string;
  /** When an erasure closed the account (its session record's `closedAt`, ISO 8601): kept a while after the erasure. */
  closedAt?: string;
  /** The language saved on the account (issue 41): the warning is written in it. */
  language?: string;
}

/** A submitted application, as the sweep needs it. */
export interface SubmittedRecord {
  sub: string;
  submittedAt: string;
}

export interface RetentionRecords {
  /** Every account's last sign-in, last warning and closure, in one pass over the status table. */
  listActivity(): AsyncIterable<AccountActivity>;
  /** Submitted applications whose submission is before `cutoff` (ISO 8601), oldest first. */
  listSubmittedBefore(cutoff: string): AsyncIterable<SubmittedRecord>;
  /** Whether this applicant's application was submitted, and whether it is held. */
  applicationState(sub: string): Promise<ApplicationState>;
  /** The keys of the account's applications, one per cycle, in the order started (its first: the `sub`; ports/applications.ts). */
  applicationKeys(sub: string): Promise<readonly string[]>;
}

/**
 * The warning is an e-mail sent once (MailClaims, status table pk=<sub> sk=mail#<kind>), one
 * per stretch without sign-in: its kind is this prefix, '#', and the last sign-in (or sign-up)
 * it warns about, so a sign-in after it makes the next warning a new mail.
 */
export const RETENTION_WARNING_MAIL = 'retention-warning';
