import { useEffect, useRef } from 'react';
import { answersStore } from '#web/lib/answers';
import { useT } from '#web/lib/i18n';
import { useStore } from '#web/lib/store';
import type { AddAnotherNode } from '../model';
import { addAnotherCount, addAnotherMax } from '../model';
import { useFormWords } from '../words';
import { useFormRuntime } from './form-runtime';
// eslint-disable-next-line local/no-import-cycle -- the one allowed cycle: the form tree is recursive (a tab or an add-another block holds nodes that may hold tabs), so its renderer is too.
import { Nodes } from './FormNodes';

/** Add-another: stored count, "Add Another" up to the maximum, logged-in only. */
export function AddAnother({ node }: { node: AddAnotherNode }) {
  const { loggedIn, readOnly, addAnother, addBlock } = useFormRuntime();
  const count = useStore(answersStore, (a) => addAnotherCount(node, a, { addAnother }));
  const max = addAnotherMax(node);
  const t = useT();
  const w = useFormWords();
  const blocks = useRef<HTMLDivElement>(null);
  // The block the button asked for: once it appears, the keyboard goes to its first field, which
  // is where the applicant wants to type next (the button itself may be gone at the maximum).
  const added = useRef<number | null>(null);
  useEffect(() => {
    if (added.current === null || count <= added.current) return;
    const block = blocks.current?.querySelectorAll('.add-another__block')[added.current];
    added.current = null;
    block?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [count]);
  return (
    <div className="add-another" ref={blocks}>
      {node.blocks.slice(0, count).map((block, i) => (
        <div className="add-another__block" key={i}>
          <Nodes nodes={block} />
        </div>
      ))}
      {loggedIn && !readOnly && count < max && (
        <button
          type="button"
          className="button"
          onClick={() => {
            added.current = count;
            addBlock(node.buttonId, node.label, count + 1);
          }}
        >
          {t('form.ui.addAnother', { label: w(node.label) })}
        </button>
      )}
    </div>
  );
}
