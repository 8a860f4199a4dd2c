/**
 * The retention sweep: as of a moment, applies the institution's retention policy (rules.ts).
 * Accounts never submitted are warned once and then erased; submitted applications past their
 * keeping time are erased; data never submitted whose identity no longer exists (deleted at the
 * provider directly: nobody can sign in to it again, nor be warned) is erased; accounts erased
 * lately are looked over once no late writer can still write for them, and what a killed one left
 * is removed (domain/data-rights/leftovers.ts). An application an admin put on hold (legal or
 * enrolment) is neither warned nor erased while the hold lasts. Each erasure is conditional on
 * the state it was decided from (not submitted and the last sign-in read, or the submission read,
 * and no hold): an applicant who signs in, submits or is held while the run goes on is left whole
 * and counted as changed. The daily schedule (EventBridge in AWS, the local stack's timer) and
 * `npm run retention -- sweep --as-of` both run this. Its result is counts only: it never
 * carries an address, a name or an answer, so it may be printed and logged as it is.
 */
import { randomUUID } from 'node:crypto';
import type { RetentionConfig } from '#form/types';
import { leftoversDue } from '../data-rights/late-writes';
import { accountOf } from '../ports/keys';
import type { MailClaims, Mailer } from '../ports/mail';
import {
  RETENTION_WARNING_MAIL,
  type AccountActivity,
  type AccountEraser,
  type ApplicantAccount,
  type ApplicantDirectory,
  type DecidedState,
  type LeftoverRemover,
  type RetentionErasureCause,
  type RetentionRecords,
} from '../ports/retention';
import { warningMail } from './mails';
import { submittedCutoff, unsubmittedVerdict } from './rules';

export interface RetentionPorts extends MailClaims {
  directory: ApplicantDirectory;
  records: RetentionRecords;
  eraser: AccountEraser;
  leftovers: LeftoverRemover;
  sendMail: Mailer;
  /** The site's origin, for the sign-in link. */
  origin: string;
  policy: RetentionConfig;
}

export interface SweepOptions {
  /** Counts what would be done, and writes, mails and erases nothing. */
  dryRun?: boolean;
  /** Asked before each account: true stops the run (a Lambda near its timeout); the rest are counted as deferred. */
  timeIsUp?: () => boolean;
  /** Told of each account that failed, by its pseudonymous id (for the log; never in the result). */
  onFailure?: (sub: string, error: unknown) => void;
  /** Told of each erased account whose leftovers were removed (or, in a dry run, found): its pseudonymous id and the count. */
  onLeftovers?: (sub: string, removed: number) => void;
}

export interface RetentionResult {
  dryRun: boolean;
  warned: number;
  erasedUnsubmitted: number;
  erasedSubmitted: number;
  /** Data never submitted whose identity no longer exists, erased (its sign-ins in the status table, no account at the provider). */
  erasedWithoutIdentity: number;
  /** Applications on hold (legal or enrolment, set by an admin): neither warned nor erased while it lasts. */
  held: number;
  /** Accounts due when the sweep read them that changed before their erasure (a sign-in, a submission, a hold): left whole. */
  changed: number;
  /** Accounts whose mail or erasure failed: the next run tries them again. */
  failed: number;
  /** Accounts left for the next run because this one ran out of time. */
  deferred: number;
  /** Items and objects a late writer killed before its check left of erased accounts, removed (counted, in a dry run). */
  leftoversRemoved: number;
}

/** A run's result before it has done anything: every count zero. */
export const nothingDone = (dryRun = false): RetentionResult => ({
  dryRun,
  warned: 0,
  erasedUnsubmitted: 0,
  erasedSubmitted: 0,
  erasedWithoutIdentity: 0,
  held: 0,
  changed: 0,
  failed: 0,
  deferred: 0,
  leftoversRemoved: 0,
});

/** A warning's claim lives as long as a send may take; a sender that died is taken over after it. */
const WARNING_CLAIM_MS = 60_000;

export const warningKind = (basis: string): string => `${RETENTION_WARNING_MAIL}#${basis}`;

async function warn(ports: RetentionPorts, account: ApplicantAccount, basis: string, deletionAt: Date, now: Date, language?: string): Promise<boolean> {
  const kind = warningKind(basis);
  const claimId = randomUUID();
  // Claimed (or sent) by another run for the same stretch: that run's mail is the one.
  if (!(await ports.claimMail(account.sub, kind, claimId, now, WARNING_CLAIM_MS))) return false;
  let messageId: string;
  try {
    messageId = await ports.sendMail(warningMail(account.email, deletionAt, ports.policy, ports.origin, language));
  } catch (error) {
    await ports.releaseMail(account.sub, kind, claimId);
    throw error;
  }
  await ports.markMailSent(account.sub, kind, claimId, now, messageId);
  return true;
}

export async function sweepRetention(ports: RetentionPorts, now: Date = new Date(), options: SweepOptions = {}): Promise<RetentionResult> {
  const dryRun = options.dryRun === true;
  const result = nothingDone(dryRun);
  const activity = new Map<string, AccountActivity>();
  // A later cycle's application (ports/keys.ts) has items of its own in the status table, but it is
  // no account: the account it belongs to is swept, with every application it holds.
  for await (const a of ports.records.listActivity()) if (accountOf(a.sub) === a.sub) activity.set(a.sub, a);
  // Whoever has data (a sign-in, a warning) but was not erased lately; the directory's pass strikes off those with an account.
  const unlisted = new Set([...activity.values()].filter((a) => !a.closedAt).map((a) => a.sub));

  // Near the Lambda's timeout: what is left waits for the next run rather than being cut off mid-way.
  const stopped = () => {
    if (!options.timeIsUp?.()) return false;
    result.deferred += 1;
    return true;
  };
  // One failure (a mail refused, an erasure interrupted) must not stop the others; the next run tries again.
  const attempt = async (sub: string, step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      result.failed += 1;
      options.onFailure?.(sub, error);
    }
  };

  /** Not submitted and not held (a held one is counted), read now: the state an unsubmitted account's erasure is decided from. */
  const unsubmittedAndFree = async (sub: string): Promise<DecidedState | undefined> => {
    const state = await accountState(sub);
    // A submitted application is kept for submittedDays, whatever its last sign-in.
    if (state.submitted) return undefined;
    if (state.held) {
      result.held += 1;
      return undefined;
    }
    const lastSignInAt = activity.get(sub)?.lastSignInAt;
    return { submitted: false, ...(lastSignInAt ? { lastSignInAt } : {}) };
  };
  /** An account's state over every application it holds: submitted if one is, held if one is. */
  const accountState = async (sub: string) => {
    const states = await Promise.all((await ports.records.applicationKeys(sub)).map((key) => ports.records.applicationState(key)));
    return { submitted: states.some((s) => s.submitted), held: states.some((s) => s.held) };
  };
  // The erasure's own conditional write says whether the account is still as decided: if not, it is left whole.
  const erase = async (sub: string, cause: RetentionErasureCause, decided: DecidedState): Promise<boolean> => {
    if (dryRun || (await ports.eraser.eraseAccount(sub, cause, decided))) return true;
    result.changed += 1;
    return false;
  };

  for await (const account of ports.directory.listAccounts()) {
    unlisted.delete(account.sub);
    const verdict = unsubmittedVerdict(account, activity.get(account.sub), now, ports.policy);
    if (verdict.action === 'keep') continue;
    await attempt(account.sub, async () => {
      const decided = await unsubmittedAndFree(account.sub);
      if (!decided || stopped()) return;
      if (verdict.action === 'warn') {
        if (dryRun || (await warn(ports, account, verdict.basis, verdict.deletionAt, now, activity.get(account.sub)?.language))) result.warned += 1;
      } else if (await erase(account.sub, 'retention-unsubmitted', decided)) {
        result.erasedUnsubmitted += 1;
      }
    });
  }

  // Data without an identity: asked once more of the provider itself, as a listing taken during
  // sign-ups is no snapshot. A submitted application is the office's record until its keeping time
  // (the next pass, which needs no identity); anything else would otherwise be kept for ever.
  for (const sub of unlisted) {
    if (stopped()) continue;
    await attempt(sub, async () => {
      if (await ports.directory.accountExists(sub)) return;
      const decided = await unsubmittedAndFree(sub);
      if (decided && (await erase(sub, 'retention-orphaned', decided))) result.erasedWithoutIdentity += 1;
    });
  }

  for await (const submitted of ports.records.listSubmittedBefore(submittedCutoff(now, ports.policy).toISOString())) {
    if (stopped()) continue;
    await attempt(submitted.sub, async () => {
      // An account is erased with every application it holds (data-rights/erasure.ts): not while
      // it holds a later one than this, whose own keeping time is not over (docs/retention.md).
      if ((await ports.records.applicationKeys(accountOf(submitted.sub))).at(-1) !== submitted.sub) return;
      if ((await accountState(accountOf(submitted.sub))).held) {
        result.held += 1;
        return;
      }
      if (await erase(submitted.sub, 'retention-submitted', { submitted: true, submittedAt: submitted.submittedAt })) result.erasedSubmitted += 1;
    });
  }

  // Accounts erased at least LEFTOVERS_DELAY_MS ago: no late writer can still be running for them.
  for (const closed of activity.values()) {
    if (!closed.closedAt || !leftoversDue(new Date(closed.closedAt), now) || stopped()) continue;
    await attempt(closed.sub, async () => {
      const removed = await ports.leftovers.removeLeftovers(closed.sub, dryRun);
      if (removed === 0) return;
      result.leftoversRemoved += removed;
      options.onLeftovers?.(closed.sub, removed);
    });
  }
  return result;
}
