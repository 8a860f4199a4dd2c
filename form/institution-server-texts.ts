/**
 * The institution's words the Lambdas say in the applicant's language (issue 41): its name, the
 * application's title, the e-mails' sender name and signature, the cycles' and rounds' labels,
 * found by their institution-language words in the file's small server table
 * (InstitutionSections `serverTexts`, config/texts.ts serverTextsOf). A text the file gives no
 * value in the language, or words it does not know (the office's own, from Settings), stay as
 * written. The pages read the whole tables instead (form/institution-text.ts).
 */
import { DEFAULT_LANGUAGE, type LanguageCode } from './i18n/languages';
import type { TextTable } from './institution-text';

/** Read when said, not when loaded: a bundle's define makes it a constant anyway, and a test may install another file's. */
const tables = (): Readonly<Partial<Record<LanguageCode, TextTable>>> => globalThis.__INSTITUTION__.serverTexts ?? {};

/** `words` (the institution's) in `language`, else as written. */
export function institutionWordsIn(language: LanguageCode, words: string): string {
  if (language === DEFAULT_LANGUAGE) return words;
  const table = tables()[language];
  return table && Object.hasOwn(table, words) ? table[words]! : words;
}
