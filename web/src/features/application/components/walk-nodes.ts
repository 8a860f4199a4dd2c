import type { FormNode, Question } from '../model';

/** Questions inside nodes, every branch included. */
export function questionsInNodes(nodes: readonly FormNode[]): Question[] {
  const out: Question[] = [];
  const visit = (n: FormNode): void => {
    switch (n.kind) {
      case 'question':
        out.push(n);
        break;
      case 'conditional':
        n.children.forEach(visit);
        break;
      case 'conditionGroup':
        n.groups.forEach((g) => g.children.forEach(visit));
        break;
      case 'trigger':
        [...n.before, ...(n.section ?? []), ...n.after].forEach(visit);
        break;
      case 'tabGroup':
        n.tabs.forEach((t) => t.children.forEach(visit));
        break;
      case 'addAnother':
        n.blocks.forEach((b) => b.forEach(visit));
        break;
      default:
        break;
    }
  };
  nodes.forEach(visit);
  return out;
}

/** Keys of the file questions inside nodes, every branch included. */
export function fileKeysIn(nodes: readonly FormNode[]): string[] {
  return questionsInNodes(nodes)
    .filter((q) => q.type === 'file')
    .map((q) => q.key);
}
