/**
 * A bound on the uploads one applicant may start per day (form documents and supplemental
 * materials together): far above what an honest application needs, it stops a script from
 * filling the bucket and the converter. Days are UTC days; the count is the store's atomic one.
 */
import { TooManyRequests } from '../errors';
import type { UploadQuota } from '../ports/documents';

/** The UTC day of `now`, as the counter's key. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The next UTC midnight after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long until `then`, in words: "3 hours and 12 minutes", "45 minutes", "less than a minute". */
export function durationInWords(fromMs: number, toMs: number): string {
  const minutes = Math.ceil((toMs - fromMs) / 60_000);
  if (minutes <= 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return plural(rest, 'minute');
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} and ${plural(rest, 'minute')}`;
}

export function dailyLimitMessage(max: number, now: Date): string {
  return `You have reached today's limit of ${max} uploads. You can upload again after midnight UTC, in ${durationInWords(now.getTime(), nextUtcMidnight(now).getTime())}.`;
}

/** Counts one upload for the applicant today, or refuses it (429) once `max` were counted. */
export async function takeDailyUpload(quota: UploadQuota, sub: string, max: number, now: Date = new Date()): Promise<void> {
  // The counter outlives its day by a day, then the table's TTL removes it.
  const expiresAt = Math.floor(nextUtcMidnight(now).getTime() / 1000) + 24 * 60 * 60;
  if (!(await quota.takeUpload(sub, utcDay(now), max, expiresAt))) throw new TooManyRequests(dailyLimitMessage(max, now));
}
