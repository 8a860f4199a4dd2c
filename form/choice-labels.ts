/** The label of a choice answer as the model gives it: printed by the printer, stored by the save. */
import type { AnswerKey } from './model';
import { optionLabel } from './options';
import type { Answers, Question } from './types';
import { RETIRED_CHOICE } from './validation/messages';

/**
 * The model's label of a choice answer ('' when unanswered or no option of the model): the
 * options the answers offer (a dependent dropdown's by its controller), else a retired choice read
 * in words (a term no longer open). Never the stored `<key>_desc`: that came from the browser
 * (the server stores this label there on save).
 */
export function modelChoiceLabel(q: Question & { type: 'dropdown' | 'radio' }, a: Readonly<Answers>): string {
  const v = a[q.key] ?? '';
  if (v === '') return '';
  const options = q.dependsOn ? (q.dependsOn.optionsByValue[a[q.dependsOn.valueKey] ?? ''] ?? []) : q.options;
  return optionLabel(options, v) || (RETIRED_CHOICE[q.key as AnswerKey]?.label?.(v) ?? '');
}
