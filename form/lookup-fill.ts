/**
 * What a lookup changes. A chosen record fills only the answers it provides a value
 * for; the typed "Use: text" entry and an emptied box change only the line itself and whatever
 * describes the previously chosen record as a whole (`resets`: a school's code and address).
 * Nothing the applicant set elsewhere (the address's country above the line) is wiped.
 */
import { descKey } from './data-model';
import { questionFor } from './model';
import type { Answers, AutocompleteQuestion } from './types';

const blankResets = (q: AutocompleteQuestion): Answers => Object.fromEntries(q.resets.map((k) => [k, '']));

/** The answers to set when the applicant keeps what they typed (or clears the box: `text` ''). */
export function typedLookupPatch(q: AutocompleteQuestion, text: string): Answers {
  return { ...blankResets(q), [q.key]: text };
}

/** A dependent dropdown accepts only a value its controller's current answer offers. */
function offered(key: string, value: string, answers: Readonly<Answers>): boolean {
  const q = questionFor(key);
  if (q?.type !== 'dropdown' || !q.dependsOn || q.key !== key) return true;
  const options = q.dependsOn.optionsByValue[answers[q.dependsOn.valueKey] ?? ''] ?? [];
  return options.some((o) => o.value === value);
}

/** The answers to set when a lookup record is chosen; `label` is what the box shows. */
export function recordLookupPatch(q: AutocompleteQuestion, record: Readonly<Record<string, unknown>>, label: string, answers: Readonly<Answers>): Answers {
  const patch: Answers = blankResets(q);
  const fill = (fields: Readonly<Record<string, string>>, onlyBlank: boolean) => {
    for (const [field, key] of Object.entries(fields)) {
      const v = record[field];
      if (typeof v !== 'string' || v === '') continue;
      if (onlyBlank && (answers[key] ?? '') !== '') continue;
      patch[key] = v;
      const desc = record[descKey(field)];
      if (typeof desc === 'string' && desc !== '') patch[descKey(key)] = desc;
    }
  };
  fill(q.fillsIfBlank ?? {}, true);
  fill(q.fills, false);
  // A state the record names but the applicant's country does not offer is left as it was.
  const after = { ...answers, ...patch };
  for (const key of Object.keys(patch)) {
    if (patch[key] === '' || offered(key, patch[key] as string, after)) continue;
    if (q.resets.includes(key)) Object.assign(patch, { [key]: '', [descKey(key)]: '' });
    else {
      delete patch[key];
      delete patch[descKey(key)];
    }
  }
  return { ...patch, [q.key]: label };
}
