/** The label of a choice answer as the model gives it: printed by the printer, stored by the save. */
import { retiredLabel, type Choice } from './choices';
import { optionLabel } from './options';
import type { Answers } from './types';

/**
 * The model's label of the choice answer `key` ('' when unanswered or no option of the model):
 * among the options `c` offers (a page's question or its entry in choices.ts; a dependent
 * dropdown's by its controller), else a retired choice read in words (a term no longer open). Never the stored `<key>_desc`: that came from the browser
 * (the server stores this label there on save).
 */
export function modelChoiceLabel(key: string, c: Choice, a: Readonly<Answers>): string {
  const v = a[key] ?? '';
  if (v === '') return '';
  const options = c.dependsOn ? (c.dependsOn.optionsByValue[a[c.dependsOn.valueKey] ?? ''] ?? []) : c.options;
  return optionLabel(options, v) || (retiredLabel(key, v) ?? '');
}
