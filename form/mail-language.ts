/**
 * Dates and lists inside an e-mail, in the language the e-mail is written in (issue 41): through
 * Intl with the language's code, as the pages' dates are (web/src/lib/dates.ts); the institution's
 * language is English, which reads exactly as the e-mails did before.
 */
import type { LanguageCode } from './i18n/languages';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A day in words, on `timeZone`'s clock (UTC: a day of the timetable written YYYY-MM-DD): "January 16, 2027", "16 de enero de 2027". */
export function mailDayInWords(at: Date, language: LanguageCode, timeZone = 'UTC'): string {
  const key = `${language} ${timeZone}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(language, { timeZone, year: 'numeric', month: 'long', day: 'numeric' })));
  return format.format(at);
}

/**
 * Items named one after another ("the school report, an official transcript"): a comma between
 * them as every e-mail wrote it, Arabic's own comma in Arabic. Not Intl.ListFormat's "and": the
 * items may be the institution's words in another language, which an "و" would glue itself to.
 */
export const mailListInWords = (items: readonly string[], language: LanguageCode): string => items.join(language === 'ar' ? '، ' : ', ');
