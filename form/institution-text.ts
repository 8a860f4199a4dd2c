/**
 * The institution's texts in several languages (issue 41, item 2). The configuration file writes
 * a text either as a plain string, in the institution's language (DEFAULT_LANGUAGE), or as one
 * value per language (`{ en: …, es: …, ar: … }`). Everything the office, the SIS, the e-mails and
 * the PDF read stays one string in the institution's language (InstitutionSections); the other
 * languages' values are compiled into one table per language, keyed by the institution-language
 * words (`translations`), which the applicant's pages look their words up in. Keyed by the words,
 * not by the field: a text the office has replaced in Settings is not in the table and shows as
 * the office wrote it, and words the server sends (the checklist's labels) are found as well.
 *
 * Pure: the loader (config/load.ts) and the web app (web/src/lib/i18n.tsx) share it.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from './i18n/languages';

/** A text with a value per language, as the file writes it; the institution's language's value is required. */
type LocalizedText = Readonly<Partial<Record<LanguageCode, string>>>;
/** A text as the configuration file writes it. */
export type TextValue = string | LocalizedText;
/** One language's table: the institution-language words → this language's. */
export type TextTable = Readonly<Record<string, string>>;

/** The languages other than the institution's: those a text may lack. */
export const OTHER_LANGUAGES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code).filter((c) => c !== DEFAULT_LANGUAGE);

/** The value in `language`, else the institution's language's (a plain string is that). */
export function textIn(value: TextValue, language: LanguageCode): string {
  if (typeof value === 'string') return value;
  return value[language] ?? value[DEFAULT_LANGUAGE] ?? '';
}

/** The languages a text has no value in (a plain string has only the institution's). */
export function missingLanguages(value: TextValue): LanguageCode[] {
  return OTHER_LANGUAGES.filter((code) => typeof value === 'string' || value[code] === undefined);
}

const lookUp = (table: TextTable | undefined, words: string): string | undefined => (table && Object.hasOwn(table, words) ? table[words] : undefined);

/**
 * The words of a text in the active language: its table's value, else the words themselves (the
 * institution's, or the office's own). An entry term is shown as "<label> <year>" (form/terms.ts):
 * its label is found, the year kept.
 */
export function localizedIn(table: TextTable | undefined, words: string): string {
  const exact = lookUp(table, words);
  if (exact !== undefined) return exact;
  const term = /^(.+) (\d{4})$/.exec(words);
  const label = term ? lookUp(table, term[1]!) : undefined;
  return label === undefined ? words : `${label} ${term![2]}`;
}
