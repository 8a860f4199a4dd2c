/**
 * The office's edits of Settings laid over the file's words (issue 36, item 5). The words are read
 * deep inside synchronous code (a mail's body, a letter's template, the status page's next steps)
 * through `officeTexts` (institution.ts) and `decisionLetters()` (institution-policies.ts), so the
 * server installs the edits here before a use-case that says them runs
 * (lambdas/wiring/office-words.ts, which reads them at most once a minute); until then, and for a
 * section never edited, those answer the file's values. The browser never installs any: it renders
 * what GET /public/office-texts answers over the built-in values.
 */
import type { OfficeWords } from './office-words';

let edits: Partial<OfficeWords> = {};

/** The sections the office has edited, with their current values. */
export const officeEdits = (): Partial<OfficeWords> => edits;

export function installOfficeEdits(current: Partial<OfficeWords>): void {
  edits = current;
}
