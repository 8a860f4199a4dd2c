/**
 * What is on screen for given answers and context. A hidden question is never required, and
 * hidden conditional content loses its answers (see dependents.ts).
 */
import { evaluate } from './conditionals';
import { ADD_ANOTHER_LIMIT } from './build';
import { pageNodes, pages } from './model';
import type { AddAnotherNode, Answers, ChoiceQuestion, FormContext, FormNode, TriggerNode } from './types';
import { answerKeysIn, questionAnswerKeys } from './walk';

const answered = (answers: Readonly<Answers>, keys: readonly string[]): boolean =>
  keys.some((k) => (answers[k] ?? '').trim() !== '' && answers[k] !== 'false');

/** The most blocks an add-another shows: its own maximum, never above 10 (001 §4) or the blocks defined. */
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

/** The content of `nodes` visible for these answers: question keys (anchors) and answer keys. */
export function visibleKeysIn(nodes: readonly FormNode[], answers: Readonly<Answers>, ctx: FormContext = {}): Set<string> {
  const out = new Set<string>();
  const visit = (n: FormNode): void => {
    switch (n.kind) {
      case 'question':
        if (n.type === 'dropdown' && !dependentOptionsShown(n, answers)) return;
        out.add(n.key);
        questionAnswerKeys(n).forEach((k) => out.add(k));
        return;
      case 'content':
        return;
      case 'conditional':
        if (!evaluate(n.hideWhen, answers)) n.children.forEach(visit);
        return;
      case 'conditionGroup': {
        const active = n.groups.find((g) => evaluate(g.when, answers));
        active?.children.forEach(visit);
        return;
      }
      case 'trigger':
        if (triggerFired(n, answers, ctx)) n.after.forEach(visit);
        else [...n.before, ...(n.triggerType === 'button' ? (n.section ?? []) : [])].forEach(visit);
        return;
      case 'tabGroup': {
        const chosen = n.tabs.find((t) => t.id === ctx.tabs?.[n.id]) ?? n.tabs.find((t) => t.id === n.defaultTab);
        chosen?.children.forEach(visit);
        return;
      }
      case 'addAnother': {
        const count = addAnotherCount(n, answers, ctx);
        n.blocks.slice(0, count).forEach((block) => block.forEach(visit));
        return;
      }
    }
  };
  nodes.forEach(visit);
  return out;
}

/** Visible keys of the whole application. */
export function visibleKeys(answers: Readonly<Answers>, ctx: FormContext = {}): Set<string> {
  return visibleKeysIn(pages.flatMap(pageNodes), answers, ctx);
}

export function isVisible(key: string, answers: Readonly<Answers>, ctx: FormContext = {}): boolean {
  return visibleKeys(answers, ctx).has(key);
}
