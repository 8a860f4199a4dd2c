import type { AddAnotherNode, FormNode } from '../model';
import { answersStore } from '../../../lib/answers';
import { useStore } from '../../../lib/store';
import { addAnotherCount } from '../model';
import { useFormRuntime } from './form-runtime';
import { Nodes } from './FormNodes';
import { questionsInNodes } from './walk-nodes';

/** Without a stored count: 1, or as many blocks as hold answers (an anonymous visitor's typing). */
function answeredBlocks(blocks: readonly (readonly FormNode[])[], answers: Record<string, string>): number {
  let last = 0;
  blocks.forEach((b, i) => {
    if (questionsInNodes(b).some((q) => (answers[q.key] ?? '') !== '')) last = i + 1;
  });
  return Math.max(1, last);
}

/** Add-another (001 §4): stored count, "Add Another" up to the maximum, logged-in only. */
export function AddAnother({ node }: { node: AddAnotherNode }) {
  const { loggedIn, readOnly, addAnother, addBlock } = useFormRuntime();
  const fallback = useStore(answersStore, (a) => answeredBlocks(node.blocks, a));
  const max = Math.min(node.max, 10, node.blocks.length);
  // Never fewer blocks than hold answers, so nothing typed is hidden.
  const count = Math.min(max, Math.max(addAnotherCount(node, answersStore.get(), { addAnother }), fallback));
  return (
    <div className="add-another">
      {node.blocks.slice(0, count).map((block, i) => (
        <div className="add-another__block" key={i}>
          <Nodes nodes={block} />
        </div>
      ))}
      {loggedIn && !readOnly && count < max && (
        <button type="button" className="button" onClick={() => addBlock(node.buttonId, node.label, count + 1)}>
          Add Another {node.label}
        </button>
      )}
    </div>
  );
}
