import { isValidIsoDate } from '#form/dates';

/** 2026-09-01 → September 1, 2026 (a calendar day: no time zone moves it). */
export function calendarDayInWords(day: string): string {
  if (!isValidIsoDate(day)) return day;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${day}T12:00:00Z`));
}

/** The institution's text split into paragraphs at its blank lines. */
export const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
