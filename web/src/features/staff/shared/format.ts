import { offsetMs } from '#form/calendar';
import { institution } from '#form/institution';
import { submittedAtInWords } from '#form/print';

/**
 * A stored ISO time on the institution's clock, naming its zone ("November 24, 2026 at 2:15 AM
 * CST"): the applicant side's one formatter, so the office and the applicant read the same time.
 */
export function formatDateTime(iso: string | undefined | null): string {
  if (!iso) return '';
  return submittedAtInWords(iso) || iso;
}

/**
 * A date (YYYY-MM-DD) and a time (HH:MM) on the institution's clock as an ISO instant, or null
 * when either is not a real one. The office reads every time on that clock, so it schedules on it too.
 */
export function zonedIso(date: string, time: string, timeZone: string = institution.timeZone): string | null {
  const d = /^(\d{4})-(\d\d)-(\d\d)$/.exec(date);
  const t = /^(\d\d):(\d\d)$/.exec(time);
  if (!d || !t) return null;
  const [y, m, day, h, min] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [number, number, number, number, number];
  const naive = Date.UTC(y, m - 1, day, h, min);
  const check = new Date(naive);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== day || h > 23 || min > 59) return null;
  // The zone's offset at the wall time, then again at the instant found (a change of clocks between the two).
  let at = naive - offsetMs(new Date(naive), timeZone);
  at = naive - offsetMs(new Date(at), timeZone);
  return new Date(at).toISOString();
}
