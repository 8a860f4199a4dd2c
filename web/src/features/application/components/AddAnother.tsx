import type { AddAnotherNode } from '../model';
import { answersStore } from '../../../lib/answers';
import { useStore } from '../../../lib/store';
import { addAnotherCount, addAnotherMax } from '../model';
import { useFormRuntime } from './form-runtime';
import { Nodes } from './FormNodes';

/** Add-another (001 §4): stored count, "Add Another" up to the maximum, logged-in only. */
export function AddAnother({ node }: { node: AddAnotherNode }) {
  const { loggedIn, readOnly, addAnother, addBlock } = useFormRuntime();
  const count = useStore(answersStore, (a) => addAnotherCount(node, a, { addAnother }));
  const max = addAnotherMax(node);
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
