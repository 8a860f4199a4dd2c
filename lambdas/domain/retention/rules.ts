/**
 * The retention policy as rules on dates (form/institution-policies.ts holds the numbers).
 *
 * An account never submitted counts from its last sign-in, or its sign-up when it never signed
 * in (the basis). `unsubmittedDays - warnDays` after the basis it is warned once; it is erased
 * on the day after both `unsubmittedDays` since the basis and `warnDays` since the warning have
 * passed, so nobody loses an account with less notice than the policy promises, even when the
 * schedule missed days. A warning counts only if it came after the basis: a sign-in after the
 * warning makes it void (and a later stretch without sign-in gets its own warning).
 *
 * An unconfirmed sign-up never signed in and its address was never proven: it gets no mail and
 * is removed `unsubmittedDays` after sign-up. A submitted application is erased `submittedDays`
 * after its submission.
 */
import type { RetentionConfig } from '#form/types';
import type { AccountActivity, ApplicantAccount } from '../ports/retention';
import { DAY_MS } from '../recommendations/rules';

export type Verdict = { action: 'keep' } | { action: 'warn'; basis: string; deletionAt: Date } | { action: 'erase' };

const plusDays = (iso: string | Date, days: number) => new Date(new Date(iso).getTime() + days * DAY_MS);

/** The first instant of the UTC day after `at`: erasures happen by the day, never mid-day. */
function nextDayStart(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(day + DAY_MS);
}

/** When an account warned at `warnedAt` about a stretch from `basis` is due for erasure. */
export function deletionDate(basis: string, warnedAt: Date, policy: RetentionConfig): Date {
  const due = Math.max(plusDays(basis, policy.unsubmittedDays).getTime(), plusDays(warnedAt, policy.warnDays).getTime());
  return nextDayStart(new Date(due));
}

/** The later of two ISO instants (either may be missing). */
function latest(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/** What the policy asks for an account never submitted, as of `now`. */
export function unsubmittedVerdict(account: ApplicantAccount, activity: AccountActivity | undefined, now: Date, policy: RetentionConfig): Verdict {
  const t = now.getTime();
  if (!account.confirmed) {
    return account.createdAt && plusDays(account.createdAt, policy.unsubmittedDays).getTime() <= t ? { action: 'erase' } : { action: 'keep' };
  }
  // An account the provider gives no sign-up date for, that never signed in, is left alone.
  const basis = latest(activity?.lastSignInAt, account.createdAt);
  if (!basis || Number.isNaN(Date.parse(basis))) return { action: 'keep' };
  const warnedAt = activity?.lastWarnedAt && Date.parse(activity.lastWarnedAt) > Date.parse(basis) ? new Date(activity.lastWarnedAt) : undefined;
  if (warnedAt) return deletionDate(basis, warnedAt, policy).getTime() <= t ? { action: 'erase' } : { action: 'keep' };
  if (plusDays(basis, policy.unsubmittedDays - policy.warnDays).getTime() <= t) return { action: 'warn', basis, deletionAt: deletionDate(basis, now, policy) };
  return { action: 'keep' };
}

/** Submissions before this instant are past their keeping time. */
export const submittedCutoff = (now: Date, policy: RetentionConfig): Date => plusDays(now, -policy.submittedDays);
