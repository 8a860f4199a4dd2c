import { isValidIsoDate } from '#form/dates';
import { htmlLangOf } from '#form/i18n/languages';
import { activeLanguage } from '#web/lib/i18n';

/** 2026-09-01 → September 1, 2026 in English, 1 de septiembre de 2026 in Spanish (a calendar day: no time zone moves it). */
export function calendarDayInWords(day: string): string {
  if (!isValidIsoDate(day)) return day;
  return new Intl.DateTimeFormat(htmlLangOf(activeLanguage()), { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** The institution's text split into paragraphs at its blank lines. */
export const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
