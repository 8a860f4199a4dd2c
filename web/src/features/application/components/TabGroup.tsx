import { useRef, useState, type KeyboardEvent } from 'react';
import { directionOf } from '#form/i18n/languages';
import { ConfirmDialog, Dialog } from '#web/components/Dialog';
import { useLanguage, useT } from '#web/lib/i18n';
import { isAttached, uploadsInProgress } from '../documents-state';
import type { TabGroupNode } from '../model';
import { fileKeysIn } from '../model';
import { useFormWords } from '../words';
import { useFormRuntime } from './form-runtime';
// eslint-disable-next-line local/no-import-cycle -- the one allowed cycle: the form tree is recursive (a tab or an add-another block holds nodes that may hold tabs), so its renderer is too.
import { Nodes } from './FormNodes';

/** The tabs themselves: the chosen one in the tab order, arrow keys move between them. */
function TabList(props: { node: TabGroupNode; chosenId: string; switching: boolean; onSelect: (tabId: string) => void }) {
  const { node, chosenId, switching, onSelect } = props;
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const w = useFormWords();
  // Right to left, the next tab is to the left (ARIA's tabs pattern follows the reading direction).
  const forward = directionOf(useLanguage()) === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const back = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
  const onKey = (e: KeyboardEvent, index: number) => {
    const delta = e.key === forward ? 1 : e.key === back ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = node.tabs[(index + delta + node.tabs.length) % node.tabs.length];
    if (next) refs.current[next.id]?.focus();
  };
  return (
    <div role="tablist" aria-labelledby={`${node.id}-label`}>
      {node.tabs.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            refs.current[t.id] = el;
          }}
          id={`${node.id}-tab-${t.id}`}
          type="button"
          role="tab"
          aria-selected={t.id === chosenId}
          aria-controls={`${node.id}-panel`}
          tabIndex={t.id === chosenId ? 0 : -1}
          onClick={() => onSelect(t.id)}
          aria-disabled={switching || undefined}
          onKeyDown={(e) => onKey(e, i)}
        >
          {w(t.label)}
        </button>
      ))}
    </div>
  );
}

/**
 * Tabs: logged in, the choice is saved and clears the chosen tab's listed answers;
 * leaving a tab whose file is still uploading is refused with "File Upload in Progress", and
 * leaving one whose file is attached asks first, since the switch deletes that file.
 * Anonymous visitors see the default tab only.
 */
export function TabGroup({ node }: { node: TabGroupNode }) {
  const { loggedIn, readOnly, tabs, chooseTab, documents } = useFormRuntime();
  const [blocked, setBlocked] = useState(false);
  const [confirming, setConfirming] = useState<{ tabId: string; label: string; files: string[] } | null>(null);
  const [switching, setSwitching] = useState(false);
  const t = useT();
  const w = useFormWords();
  const chosenId = loggedIn ? (tabs[node.id] ?? node.defaultTab) : node.defaultTab;
  const chosen = node.tabs.find((t) => t.id === chosenId) ?? node.tabs[0];
  if (!chosen) return null;
  if (!loggedIn || readOnly) {
    return (
      <div className="tabs">
        <h3>{node.label}</h3>
        <Nodes nodes={chosen.children} />
      </div>
    );
  }
  const select = async (tabId: string, confirmed = false) => {
    if (tabId === chosen.id || switching) return;
    // An upload or status fetch of this page still running blocks at once; the server's status is checked next.
    const busy = uploadsInProgress.get();
    const keys = fileKeysIn(chosen.children);
    if (keys.some((k) => busy.has(k))) return setBlocked(true);
    // Switching deletes the leaving tab's documents: an attached file is not lost without a yes.
    const files = keys.flatMap((k) => (isAttached(documents[k]) ? [documents[k]?.file_name ?? k] : []));
    if (!confirmed && files.length > 0) {
      return setConfirming({ tabId, label: node.tabs.find((t) => t.id === tabId)?.label ?? tabId, files });
    }
    setSwitching(true);
    try {
      if ((await chooseTab(node.id, tabId)) === 'blocked') setBlocked(true);
    } finally {
      setSwitching(false);
    }
  };
  return (
    <div className="tabs">
      <h3 id={`${node.id}-label`}>{w(node.label)}</h3>
      <TabList node={node} chosenId={chosen.id} switching={switching} onSelect={(tabId) => void select(tabId)} />
      <div role="tabpanel" id={`${node.id}-panel`} aria-labelledby={`${node.id}-tab-${chosen.id}`}>
        <Nodes nodes={chosen.children} />
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t('form.ui.removeFileTitle')}
        confirmLabel={t('form.ui.removeFileConfirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const target = confirming?.tabId;
          setConfirming(null);
          if (target) void select(target, true);
        }}
      >
        <p>{t('form.ui.removeFileBody', { tab: w(confirming?.label ?? ''), files: confirming?.files.map(w).join(', ') ?? '' })}</p>
      </ConfirmDialog>
      <Dialog
        open={blocked}
        title={t('form.ui.uploadBusyTitle')}
        onClose={() => setBlocked(false)}
        actions={
          <button type="button" className="button button--primary" onClick={() => setBlocked(false)}>
            {t('form.ui.ok')}
          </button>
        }
      >
        <p>{t('form.ui.uploadBusyBody')}</p>
      </Dialog>
    </div>
  );
}
