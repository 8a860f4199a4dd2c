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

/** A text as a page shows it: its words, and the language they are in when it is not the page's. */
export interface ShownText {
  readonly text: string;
  /** The institution's language, when the words shown are its own on a page in another (for an element's `lang`). */
  readonly lang?: LanguageCode;
}

/**
 * `localizedIn`, and whether the words stay the institution's on a page in `language`: a text with
 * no value in that language, or one the file writes the same in every language (a proper name
 * such as "Northbay Polytechnic Institute", an agency's "SAT (College Board)"), is shown in the
 * institution's words, which a page in another language marks with their `lang` so that a screen
 * reader pronounces them as written. Words without a letter (a cycle's "2026–27") are in no
 * language; the pseudo-locale (code `pseudo`, English made strange) marks nothing.
 */
export function shownIn(table: TextTable | undefined, words: string, language: string): ShownText {
  const text = localizedIn(table, words);
  const other = language !== DEFAULT_LANGUAGE && LANGUAGES.some((l) => l.code === language);
  return other && text === words && /\p{L}/u.test(words) ? { text, lang: DEFAULT_LANGUAGE } : { text };
}

/** A piece of a sentence: words of the page's language, or a name kept in the institution's (`lang`). */
export type SentencePart = string | { readonly text: string; readonly lang: LanguageCode };

/**
 * A translated sentence cut around the institution's names it carries in the institution's words
 * (`names`: those `shownIn` gave a `lang`), so each can be marked: the catalog's sentence says
 * "{institution}", which becomes the name untranslated. Longest names first ("Example State
 * University" before "Example State").
 */
export function sentenceParts(sentence: string, names: readonly ShownText[]): SentencePart[] {
  const kept = names.filter((n): n is Required<ShownText> => n.lang !== undefined && n.text.length > 0).sort((a, b) => b.text.length - a.text.length);
  if (kept.length === 0) return [sentence];
  const escaped = kept.map((n) => n.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts: SentencePart[] = [];
  let at = 0;
  for (const match of sentence.matchAll(new RegExp(escaped.join('|'), 'g'))) {
    if (match.index > at) parts.push(sentence.slice(at, match.index));
    parts.push({ text: match[0], lang: kept.find((n) => n.text === match[0])!.lang });
    at = match.index + match[0].length;
  }
  if (at < sentence.length) parts.push(sentence.slice(at));
  return parts;
}
