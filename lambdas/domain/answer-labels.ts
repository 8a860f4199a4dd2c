/**
 * The `<key>_desc` labels of option answers come from the form model, never from the browser:
 * staff, the printed application and the exports read them, so a label the browser sent
 * ("Nursing" beside the code of another major) would tell the office something the answer is not.
 */
import { modelChoiceLabel } from '#form/choice-labels';
import { CHOICES, MONTH_YEARS, type Choice } from '#form/choices';
import { descKey } from '#form/data-model';
import { months, optionLabel } from '#form/options';
import type { Answers } from '#form/types';

/** One `<key>_desc` and how the model derives it from the answers. */
interface Label {
  key: string;
  desc: string;
  /** Other answers the label depends on (a dependent dropdown's controller). */
  reads: readonly string[];
  derive(answers: Readonly<Answers>): string;
}

/** A dropdown's or radio's label: its option's, by its controller's answer for a dependent dropdown. */
const choiceLabel = (key: string, c: Choice): Label => ({
  key,
  desc: descKey(key),
  reads: c.dependsOn ? [c.dependsOn.valueKey] : [],
  derive: (a) => modelChoiceLabel(key, c, a),
});

/** A month's label is its name; its year's is the year itself. */
const monthYearLabels = (key: string, yearKey: string): Label[] => [
  { key, desc: descKey(key), reads: [], derive: (a) => optionLabel(months, a[key] ?? '') },
  { key: yearKey, desc: descKey(yearKey), reads: [], derive: (a) => a[yearKey] ?? '' },
];

// The form's option answers as choices.ts declares them (the pages take theirs from there too).
const LABELS: readonly Label[] = [
  ...Object.entries<Choice>(CHOICES).map(([key, c]) => choiceLabel(key, c)),
  ...Object.entries<string>(MONTH_YEARS).flatMap(([key, yearKey]) => monthYearLabels(key, yearKey)),
];
const DESC_KEYS: ReadonlySet<string> = new Set(LABELS.map((l) => l.desc));

/** True for a `<key>_desc` the model derives (the browser's copy of it is ignored). */
export function isDerivedLabel(key: string): boolean {
  return DESC_KEYS.has(key);
}

/** The labels a save of `patch` touches: their answer or a controller of it is in the patch. */
function touched(patch: Readonly<Answers>): Label[] {
  return LABELS.filter((l) => l.key in patch || l.reads.some((r) => r in patch));
}

/**
 * The answers a label of this save needs that the save itself does not carry (a concentration
 * saved without its major, a major saved without its concentration): these are read from the
 * stored answers.
 */
export function labelInputsMissing(patch: Readonly<Answers>): string[] {
  return [...new Set(touched(patch).flatMap((l) => [l.key, ...l.reads]))].filter((k) => !(k in patch));
}

/**
 * The patch with every `<key>_desc` the browser sent dropped and the model's label written for
 * every option answer it touches ('' when there is no answer, or it is no option of the model:
 * the printer then shows the value itself). `stored` supplies what the patch does not carry.
 */
export function withModelLabels(patch: Readonly<Answers>, stored: Readonly<Answers> = {}): Answers {
  const out = Object.create(null) as Answers;
  for (const [key, value] of Object.entries(patch)) if (!DESC_KEYS.has(key)) out[key] = value;
  const view = { ...stored, ...out };
  for (const l of touched(out)) {
    // Only a label whose answer is present (in the save or stored) is written; one whose answer
    // was never given stays absent rather than being stored as ''.
    if (l.key in out || (stored[l.key] ?? '') !== '') out[l.desc] = (view[l.key] ?? '') === '' ? '' : l.derive(view);
  }
  return out;
}
