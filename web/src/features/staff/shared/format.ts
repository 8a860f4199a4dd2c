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

/** The offset (ms) of `timeZone` from UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(utcMs))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
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
  let at = naive - zoneOffsetMs(naive, timeZone);
  at = naive - zoneOffsetMs(at, timeZone);
  return new Date(at).toISOString();
}
