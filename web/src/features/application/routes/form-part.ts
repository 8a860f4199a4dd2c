import { loadPart } from '#web/lib/i18n';

/**
 * Each form route's loader: the catalog's form part (the questions' words, form/i18n/parts.ts) in
 * the active language before the page renders; a later change of language brings it along.
 */
export async function loader(): Promise<null> {
  await loadPart('form');
  return null;
}
