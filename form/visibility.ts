/**
 * What is on screen for given answers and context. A hidden question is never required, and
 * hidden conditional content loses its answers (see dependents.ts).
 */
import { ADD_ANOTHER_LIMIT } from './build';
import { evaluate } from './conditionals';
import { pageNodes, pages } from './model';
import type { AddAnotherNode, Answers, ChoiceQuestion, FormContext, FormNode, Question, Tab, TabGroupNode, TriggerNode } from './types';
import { answerKeysIn, questionAnswerKeys, questionsIn } from './walk';

/** True when any of `keys` holds an answer (a blank or an unticked box is none). */
export const answered = (answers: Readonly<Answers>, keys: readonly string[]): boolean =>
  keys.some((k) => (answers[k] ?? '').trim() !== '' && answers[k] !== 'false');

/** The most blocks an add-another shows: its own maximum, never above 10 or the blocks defined. */
export function addAnotherMax(node: AddAnotherNode): number {
  return Math.min(node.max, ADD_ANOTHER_LIMIT, node.blocks.length);
}

/**
 * The stored count (1 without one), but never fewer blocks than hold answers: nothing typed is
 * hidden from the applicant, left unchecked by the validators or left out of the PDF. Within 1..max.
 */
export function addAnotherCount(node: AddAnotherNode, answers: Readonly<Answers>, ctx: FormContext = {}): number {
  const max = addAnotherMax(node);
  let count = ctx.addAnother?.[node.buttonId] ?? 1;
  node.blocks.forEach((block, i) => {
    if (answered(answers, answerKeysIn(block))) count = Math.max(count, i + 1);
  });
  return Math.max(1, Math.min(max, Math.floor(count)));
}

export function triggerFired(node: TriggerNode, answers: Readonly<Answers>, ctx: FormContext = {}): boolean {
  return ctx.triggers?.[node.id] ?? answered(answers, answerKeysIn(node.after));
}

/** A conditional dropdown is shown only while its controlling answer has an option set. */
export function dependentOptionsShown(q: ChoiceQuestion, answers: Readonly<Answers>): boolean {
  if (!q.dependsOn) return true;
  const options = q.dependsOn.optionsByValue[answers[q.dependsOn.valueKey] ?? ''];
  return options !== undefined && options.length > 0;
}

/**
 * The children of a node that are on screen for these answers: the content a conditional does not
 * hide, the active group, a trigger's parts before or after it fires, the chosen (else default)
 * tab, the add-another blocks up to the count.
 */
export function visibleChildren(n: FormNode, answers: Readonly<Answers>, ctx: FormContext = {}): readonly FormNode[] {
  switch (n.kind) {
    case 'question':
    case 'content':
      return [];
    case 'conditional':
      return evaluate(n.hideWhen, answers) ? [] : n.children;
    case 'conditionGroup':
      return n.groups.find((g) => evaluate(g.when, answers))?.children ?? [];
    case 'trigger':
      if (triggerFired(n, answers, ctx)) return n.after;
      return [...n.before, ...(n.triggerType === 'button' ? (n.section ?? []) : [])];
    case 'tabGroup':
      return chosenTab(n, ctx)?.children ?? [];
    case 'addAnother':
      return n.blocks.slice(0, addAnotherCount(n, answers, ctx)).flat();
  }
}

/** The tab shown: the stored choice, else the default tab. */
export function chosenTab(n: TabGroupNode, ctx: FormContext = {}): Tab | undefined {
  return n.tabs.find((t) => t.id === ctx.tabs?.[n.id]) ?? n.tabs.find((t) => t.id === n.defaultTab);
}

/** A question is on screen when its branch is and, for a conditional dropdown, while it has options. */
export function questionShown(q: Question, answers: Readonly<Answers>, now: Date = new Date()): boolean {
  if ((q.type === 'dropdown' || q.type === 'radio') && !askedNow(q, answers, now)) return false;
  return !(q.type === 'dropdown' && !dependentOptionsShown(q, answers));
}

/** A question asked only at some times is shown while asked, and whenever it holds an answer. */
export function askedNow(q: ChoiceQuestion, answers: Readonly<Answers>, now: Date): boolean {
  return !q.askedAt || q.askedAt(now) || answered(answers, [q.key]);
}

/** The content of `nodes` visible for these answers: question keys (anchors) and answer keys. */
export function visibleKeysIn(nodes: readonly FormNode[], answers: Readonly<Answers>, ctx: FormContext & { now?: Date } = {}): Set<string> {
  const out = new Set<string>();
  for (const q of questionsIn(nodes, (n) => visibleChildren(n, answers, ctx))) {
    if (!questionShown(q, answers, ctx.now)) continue;
    out.add(q.key);
    questionAnswerKeys(q).forEach((k) => out.add(k));
  }
  return out;
}

/** Visible keys of the whole application. */
export function visibleKeys(answers: Readonly<Answers>, ctx: FormContext & { now?: Date } = {}): Set<string> {
  return visibleKeysIn(pages.flatMap(pageNodes), answers, ctx);
}

export function isVisible(key: string, answers: Readonly<Answers>, ctx: FormContext = {}): boolean {
  return visibleKeys(answers, ctx).has(key);
}
