/**
 * Changing one answer can change others: a choice fills its _desc companion, a conditional
 * dropdown is cleared when its controller changes, and content that becomes hidden loses its answers.
 */
import { evaluate } from './conditionals';
import { descKey } from './data-model';
import { allNodes, allQuestions, questionFor, tabGroups } from './model';
import { months, optionLabel } from './options';
import type { Answers, ChoiceQuestion, Question } from './types';
import { dependentOptionsShown } from './visibility';
import { nodesIn } from './walk';

const conditionalDropdowns: readonly ChoiceQuestion[] = allQuestions.filter((q): q is ChoiceQuestion => q.type === 'dropdown' && q.dependsOn !== undefined);

function choiceOptions(q: ChoiceQuestion, answers: Readonly<Answers>) {
  return q.dependsOn ? (q.dependsOn.optionsByValue[answers[q.dependsOn.valueKey] ?? ''] ?? []) : q.options;
}

/** The _desc companion a new value implies, if the key has one. */
function companion(q: Question, key: string, value: string, answers: Readonly<Answers>): [string, string] | undefined {
  if ((q.type === 'dropdown' || q.type === 'radio') && q.includeDesc && key === q.key) {
    return [descKey(key), optionLabel(choiceOptions(q, answers), value)];
  }
  if (q.type === 'monthYear' && q.includeDesc) {
    if (key === q.key) return [descKey(key), optionLabel(months, value)];
    if (key === q.yearKey) return [descKey(key), value];
  }
  return undefined;
}

function clear(answers: Answers, keys: readonly string[]): boolean {
  let changed = false;
  for (const k of keys) {
    if ((answers[k] ?? '') !== '') {
      answers[k] = '';
      changed = true;
    }
  }
  return changed;
}

/** One pass of hidden-content clearing over the tree; true when something was cleared. */
function clearHidden(answers: Answers): boolean {
  let changed = false;
  for (const n of nodesIn(allNodes)) {
    if (n.kind === 'conditional' && evaluate(n.hideWhen, answers)) changed = clear(answers, n.clears) || changed;
    if (n.kind === 'conditionGroup') {
      const active = n.groups.find((g) => evaluate(g.when, answers));
      for (const g of n.groups) if (g !== active) changed = clear(answers, g.keys) || changed;
    }
  }
  for (const q of conditionalDropdowns) {
    if (!dependentOptionsShown(q, answers)) changed = clear(answers, [q.key, descKey(q.key)]) || changed;
  }
  return changed;
}

/** Clears whatever the current answers hide (e.g. to normalise stored answers). Returns a new object. */
export function applyDependentClears(answers: Readonly<Answers>): Answers {
  const next = { ...answers };
  // Each pass only clears, so this terminates; the bound guards against a model cycle.
  for (let i = 0; i < 20 && clearHidden(next); i++);
  return next;
}

/**
 * The answers after setting `key` to `value`: its _desc companion set, dependent conditional
 * dropdowns cleared when their controller changed, and newly hidden content cleared.
 */
export function applyAnswer(answers: Readonly<Answers>, key: string, value: string): Answers {
  return applyAnswers(answers, { [key]: value });
}

/**
 * The answers after setting several at once (a lookup record filling a school's country, state and
 * state_desc): as `applyAnswer` for each, except that a dropdown the same change sets is not cleared
 * because its controller changed too, and a _desc the change sets is kept as given.
 */
export function applyAnswers(answers: Readonly<Answers>, patch: Readonly<Answers>): Answers {
  const next: Answers = { ...answers, ...patch };
  for (const [key, value] of Object.entries(patch)) {
    const q = questionFor(key);
    const desc = q && companion(q, key, value, next);
    if (desc && !(desc[0] in patch)) next[desc[0]] = desc[1];
  }
  // A conditional dropdown loses its value whenever its controller changes, which may cascade.
  const changed = Object.keys(patch).filter((k) => (answers[k] ?? '') !== patch[k]);
  while (changed.length > 0) {
    const controller = changed.pop() as string;
    for (const d of conditionalDropdowns) {
      if (d.dependsOn?.valueKey !== controller || d.key in patch) continue;
      if (clear(next, [d.key, descKey(d.key)])) changed.push(d.key);
    }
  }
  return applyDependentClears(next);
}

/** The answers after choosing a tab: the tab's listed answers are cleared. */
export function chooseTab(answers: Readonly<Answers>, tabGroupId: string, tabId: string): Answers {
  const tab = tabGroups.get(tabGroupId)?.tabs.find((t) => t.id === tabId);
  if (!tab) throw new Error(`Unknown tab ${tabGroupId}/${tabId}`);
  const next = { ...answers };
  clear(next, tab.clears);
  return applyDependentClears(next);
}
