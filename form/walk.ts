/**
 * The one walker of the form tree. Everything that needs the questions, tab groups, add-another
 * buttons, file keys or visible keys of some content (web renderer, server, printer, PDF
 * fallback) walks through here, so the copies cannot disagree on which branches they descend.
 *
 * `childrenOf` descends every branch (all tabs, all blocks, every part of a trigger);
 * `visibleChildren` in visibility.ts descends only what is on screen for given answers.
 */
import { descKey } from './data-model';
import type { AddAnotherNode, ConditionalNode, ConditionGroupNode, FormNode, Page, Question, TabGroupNode, TriggerNode } from './types';

/**
 * `questionAnswerKeys` read off a question's type: the literal keys a builder was given, with the
 * companions the runtime adds. The data model, written out by hand, is compared with the result by
 * the compiler (answer-key.test.ts), so this mirror cannot drift from the function below unseen.
 */
export type QuestionAnswerKey<Q> = Q extends { readonly type: 'file' }
  ? never
  : Q extends { readonly type: 'checkboxGroup'; readonly options: readonly { readonly yupValueKey: infer O }[] }
    ? O
    : Q extends { readonly type: 'monthYear'; readonly key: infer K extends string; readonly yearKey: infer Y extends string }
      ? K | Y | `${K | Y}_desc`
      : Q extends { readonly type: 'dropdown' | 'radio'; readonly key: infer K extends string; readonly includeDesc: false }
        ? K
        : Q extends { readonly type: 'dropdown' | 'radio'; readonly key: infer K extends string }
          ? K | `${K}_desc`
          : Q extends { readonly key: infer K extends string }
            ? K
            : never;

/** `answerKeysIn` read off a node's type: every branch, as `childrenOf` descends them. */
export type AnswerKeyIn<N> = N extends Question
  ? QuestionAnswerKey<N>
  : N extends ConditionalNode<infer C>
    ? AnswerKeyIn<C>
    : N extends ConditionGroupNode<infer C>
      ? AnswerKeyIn<C>
      : N extends TriggerNode<infer C>
        ? AnswerKeyIn<C>
        : N extends TabGroupNode<infer C>
          ? AnswerKeyIn<C>
          : N extends AddAnotherNode<infer C>
            ? AnswerKeyIn<C>
            : never;

/** The answer keys a page asks, as a type (its `pageAnswerKeys`). */
export type PageAnswerKey<P extends Page> = AnswerKeyIn<P['sections'][number]['children'][number]>;

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

/** Which children a walk descends into: every branch by default. */
export type ChildrenOf = (node: FormNode) => readonly FormNode[];

/** Every node of `nodes` and below, in form order (depth first), descending through `children`. */
export function nodesIn(nodes: readonly FormNode[], children: ChildrenOf = childrenOf): FormNode[] {
  const out: FormNode[] = [];
  const visit = (n: FormNode): void => {
    out.push(n);
    children(n).forEach(visit);
  };
  nodes.forEach(visit);
  return out;
}

export function questionsIn(nodes: readonly FormNode[], children: ChildrenOf = childrenOf): Question[] {
  return nodesIn(nodes, children).filter((n): n is Question => n.kind === 'question');
}

export function answerKeysIn(nodes: readonly FormNode[], children: ChildrenOf = childrenOf): string[] {
  return questionsIn(nodes, children).flatMap(questionAnswerKeys);
}

/** Keys of the document (file) questions inside nodes. */
export function fileKeysIn(nodes: readonly FormNode[], children: ChildrenOf = childrenOf): string[] {
  return questionsIn(nodes, children)
    .filter((q) => q.type === 'file')
    .map((q) => q.key);
}

export function tabGroupsIn(nodes: readonly FormNode[]): TabGroupNode[] {
  return nodesIn(nodes).filter((n): n is TabGroupNode => n.kind === 'tabGroup');
}

export function addAnothersIn(nodes: readonly FormNode[]): AddAnotherNode[] {
  return nodesIn(nodes).filter((n): n is AddAnotherNode => n.kind === 'addAnother');
}
