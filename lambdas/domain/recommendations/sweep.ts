/**
 * The daily sweep: as of a moment, an open recommendation whose link expires within 7 days gets
 * its one automatic reminder (with a fresh link), and one whose link has expired turns `expired`
 * and the applicant is told. The schedule (EventBridge in AWS, the event runtime locally) and
 * `npm run recommendations -- sweep --as-of` both run this.
 */
import type { Mailer } from '../ports/mail';
import type { RecommendationRecord, RecommendationStore } from '../ports/recommendations';
import { withNewLink } from './applicant';
import { applicantNotice, reminderMail } from './mails';
import { DAY_MS, RECOMMENDATION_LIMITS as LIMITS, isOpen, recommendLink } from './rules';

export interface SweepPorts {
  store: RecommendationStore;
  sendMail: Mailer;
  origin: string;
}

/** How far back a sweep looks for links that expired unswept (missed days of the schedule). */
export const SWEEP_LOOKBACK_DAYS = 14;

export interface SweepResult {
  reminded: string[];
  expired: string[];
  /** Those whose write or mail failed, with why: the next run tries them again. */
  failed: Array<{ id: string; error: string }>;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The end of a UTC day: a sweep "as of" a date covers all of that date. */
export function endOfDay(date: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new Error(`not a date (YYYY-MM-DD): ${date}`);
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS - 1);
}

async function expire(ports: SweepPorts, record: RecommendationRecord, now: Date): Promise<boolean> {
  const next: RecommendationRecord = { ...record, status: 'expired', expiredAt: now.toISOString(), tokenHashes: [], version: record.version + 1 };
  if (!(await ports.store.updateRecommendation(next))) return false;
  await ports.sendMail(applicantNotice(next, 'expired', ports.origin));
  return true;
}

async function remind(ports: SweepPorts, record: RecommendationRecord, now: Date): Promise<boolean> {
  const { record: linked, token, tokenHash } = withNewLink(record);
  const next: RecommendationRecord = { ...linked, autoRemindedAt: now.toISOString(), remindedAt: now.toISOString(), version: record.version + 1 };
  if (!(await ports.store.updateRecommendation(next, { newTokenHash: tokenHash }))) return false;
  await ports.sendMail(reminderMail(next, recommendLink(ports.origin, token)));
  return true;
}

export async function sweepRecommendations(ports: SweepPorts, now: Date = new Date()): Promise<SweepResult> {
  const t = now.getTime();
  const candidates = await ports.store.listExpiringBetween(day(t - SWEEP_LOOKBACK_DAYS * DAY_MS), day(t + LIMITS.autoReminderDaysBefore * DAY_MS));
  const result: SweepResult = { reminded: [], expired: [], failed: [] };
  for (const record of candidates) {
    if (!isOpen(record.status)) continue;
    const expiresAt = Date.parse(record.expiresAt);
    // One failure (a mail refused) must not stop the others; the next run tries again.
    try {
      if (expiresAt <= t) {
        if (await expire(ports, record, now)) result.expired.push(record.id);
      } else if (!record.autoRemindedAt && expiresAt - LIMITS.autoReminderDaysBefore * DAY_MS <= t) {
        if (await remind(ports, record, now)) result.reminded.push(record.id);
      }
    } catch (error) {
      result.failed.push({ id: record.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
