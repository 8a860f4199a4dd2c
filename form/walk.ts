/** Walking the form tree: which questions and answer keys a piece of content holds. */
import type { FormNode, Question } from './types';

export const descKey = (key: string): string => `${key}_desc`;

/** The stored answer keys of one question, companions included (documents have none). */
export function questionAnswerKeys(q: Question): string[] {
  switch (q.type) {
    case 'dropdown':
    case 'radio':
      return q.includeDesc ? [q.key, descKey(q.key)] : [q.key];
    case 'monthYear':
      return q.includeDesc ? [q.key, descKey(q.key), q.yearKey, descKey(q.yearKey)] : [q.key, q.yearKey];
    case 'checkboxGroup':
      return q.options.map((o) => o.yupValueKey);
    case 'file':
      return [];
    default:
      return [q.key];
  }
}

/** Direct children of a node, every branch included (all tabs, blocks, trigger parts). */
export function childrenOf(node: FormNode): readonly FormNode[] {
  switch (node.kind) {
    case 'conditional':
      return node.children;
    case 'conditionGroup':
      return node.groups.flatMap((g) => g.children);
    case 'trigger':
      return [...node.before, ...(node.section ?? []), ...node.after];
    case 'tabGroup':
      return node.tabs.flatMap((t) => t.children);
    case 'addAnother':
      return node.blocks.flat();
    default:
      return [];
  }
}

export function questionsIn(nodes: readonly FormNode[]): Question[] {
  const out: Question[] = [];
  const visit = (n: FormNode): void => {
    if (n.kind === 'question') out.push(n);
    else childrenOf(n).forEach(visit);
  };
  nodes.forEach(visit);
  return out;
}

export function answerKeysIn(nodes: readonly FormNode[]): string[] {
  return questionsIn(nodes).flatMap(questionAnswerKeys);
}
