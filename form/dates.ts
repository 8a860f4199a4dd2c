/** Calendar dates as stored: YYYY-MM-DD, in the applicant's local calendar. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in YYYY-MM-DD form (2023-02-29 is not). */
export function isValidIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1000 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

const daysInMonth = (year: number, month: number): number => new Date(year, month, 0).getDate();

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export const isoDate = (year: number, month: number, day: number): string => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Local calendar date of an instant. */
export const toIsoDate = (d: Date): string => isoDate(d.getFullYear(), d.getMonth() + 1, d.getDate());

/** The calendar day before `day` (both YYYY-MM-DD; no time zone moves it). */
export const dayBefore = (day: string): string => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The same calendar day `years` earlier; 29 February falls back to 28 February in common years. */
export function yearsBefore(now: Date, years: number): string {
  const y = now.getFullYear() - years;
  const m = now.getMonth() + 1;
  return isoDate(y, m, Math.min(now.getDate(), daysInMonth(y, m)));
}

export const MIN_AGE_YEARS = 13;
export const MAX_AGE_YEARS = 81;

/** Birth dates allowed on `now`: from 81 years back to 13 years back, both days included. */
export function birthDateBounds(now: Date): { earliest: string; latest: string } {
  return { earliest: yearsBefore(now, MAX_AGE_YEARS), latest: yearsBefore(now, MIN_AGE_YEARS) };
}

export const MAILING_WINDOW_YEARS = 3;

/** Mailing effective dates allowed: 1 January three years back to 31 December three years ahead. */
export function mailingWindow(now: Date): { minYear: number; maxYear: number; min: string; max: string } {
  const minYear = now.getFullYear() - MAILING_WINDOW_YEARS;
  const maxYear = now.getFullYear() + MAILING_WINDOW_YEARS;
  return { minYear, maxYear, min: isoDate(minYear, 1, 1), max: isoDate(maxYear, 12, 31) };
}

/** A date input's value to store: the date when valid, else '' (dates are stored only when valid). */
export const storedDate = (value: string): string => (isValidIsoDate(value.trim()) ? value.trim() : '');

/**
 * A moment's date and time in `language`'s words on `timeZone`'s clock, with the zone: "May 1,
 * 2009, 3:04 PM CDT" (the printed application's submission time, the status page's moments).
 * '' for a value that is no moment.
 */
export function momentInWordsIn(iso: string, timeZone: string, language: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return (
    new Intl.DateTimeFormat(language, { timeZone, year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
      .format(at)
      // Some ICU versions put a narrow no-break space before AM/PM: a plain one everywhere.
      .replace(/\u202f/g, ' ')
  );
}
