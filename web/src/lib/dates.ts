import { momentInWordsIn } from '#form/dates';
import { institution } from '#form/institution';
import { activeLanguage } from './i18n';

/**
 * Dates in the active language's words (issue 41: dates through Intl, as the locale writes them),
 * on the institution's clock. The pseudo-locale writes English's; Arabic its own digits and order.
 */
const locale = (): string => {
  const code = activeLanguage();
  return code === 'pseudo' ? 'en' : code;
};

const isDay = (iso: string) => /^\d{4}-\d{2}-\d{2}$/.test(iso);

/**
 * "November 2, 2026" on the institution's clock, as the submission time is; a day alone
 * (YYYY-MM-DD, the day the office marked a material received, a reply-by day) is that calendar
 * day, in no zone.
 */
export function dayInWords(iso: string): string {
  const at = new Date(isDay(iso) ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(at.getTime())) return '';
  const timeZone = isDay(iso) ? 'UTC' : institution.timeZone;
  return new Intl.DateTimeFormat(locale(), { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(at);
}

/** A moment's date and time on the institution's clock, with its zone: "May 1, 2009, 3:04 PM CDT". */
export const momentInWords = (iso: string): string => momentInWordsIn(iso, institution.timeZone, locale());

/** A reply-by day ("2027-05-01") or moment in words. */
export const dayOrMomentInWords = (iso: string): string => (isDay(iso) ? dayInWords(iso) : momentInWords(iso));
