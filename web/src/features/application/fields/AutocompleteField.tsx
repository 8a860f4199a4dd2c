import { useEffect, useId, useRef, useState } from 'react';
import { answersStore, useAnswer } from '#web/lib/answers';
import { useT } from '#web/lib/i18n';
import { findLookups, getLookupRecord, type LookupItem } from '../api/lookup-api';
import { setAnswers } from '../components/form-runtime';
import { recordLookupPatch, typedLookupPatch, type AutocompleteQuestion } from '../model';
import { useFormWords } from '../words';
import { describedBy, FieldShell } from './FieldShell';
import { useDraft } from './use-draft';

export const DEBOUNCE_MS = 200;
export const MAX_WAIT_MS = 500;

type Option = { kind: 'item'; item: LookupItem } | { kind: 'typed'; text: string };

/** Debounce with a maximum wait (lodash semantics): fires 200 ms after typing stops, at least every 500 ms. */
function useDebouncedSearch(run: (text: string) => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const firstCall = useRef<number | null>(null);
  const latest = useRef('');
  useEffect(() => () => clearTimeout(timer.current), []);
  return (text: string) => {
    latest.current = text;
    const now = Date.now();
    firstCall.current ??= now;
    clearTimeout(timer.current);
    const fire = () => {
      firstCall.current = null;
      run(latest.current);
    };
    const untilMax = MAX_WAIT_MS - (now - firstCall.current);
    timer.current = setTimeout(fire, Math.max(0, Math.min(DEBOUNCE_MS, untilMax)));
  };
}

/** Suggestions for what is typed: each search cancels the one before, so a late answer never wins. */
function useLookupSuggestions(category: AutocompleteQuestion['category']) {
  const [items, setItems] = useState<LookupItem[]>([]);
  const abort = useRef<AbortController>(undefined);
  const search = useDebouncedSearch((t) => {
    abort.current?.abort();
    if (t.trim() === '') return setItems([]);
    const ctrl = new AbortController();
    abort.current = ctrl;
    void findLookups(t, category, ctrl.signal).then((r) => {
      if (!ctrl.signal.aborted) setItems(r);
    });
  });
  return { items, search, clear: () => setItems([]) };
}

/**
 * What is typed is kept as the answer (nothing typed is lost); choosing refines it. A name edited
 * after choosing a school no longer names that school: its code goes. An empty box resets what
 * describes a previously chosen record.
 */
function keepTyped(q: AutocompleteQuestion, t: string): void {
  if (t === '') return setAnswers(typedLookupPatch(q, ''));
  const idKey = q.fills.id;
  setAnswers(idKey && answersStore.get()[idKey] ? { [q.key]: t, [idKey]: '' } : { [q.key]: t });
}

/** A chosen suggestion fills the linked answers from its record. */
async function fillFromRecord(q: AutocompleteQuestion, item: LookupItem): Promise<void> {
  const record = await getLookupRecord(item.id, q.category);
  // When the record cannot be read, what the applicant typed stays the answer: nothing they wrote is lost.
  if (!record) return;
  const label = q.category === 'address' ? record.address_line_1 : record.name;
  setAnswers(recordLookupPatch(q, record, typeof label === 'string' && label !== '' ? label : item.text, answersStore.get()));
}

const optionId = (listId: string, i: number) => `${listId}-opt-${i}`;

function SuggestionList(props: { id: string; label: string; options: Option[]; shown: boolean; active: number; onChoose: (opt: Option) => void }) {
  const { id, label, options, shown, active, onChoose } = props;
  const t = useT();
  return (
    <ul id={id} role="listbox" aria-label={t('form.ui.suggestions', { label })} hidden={!shown}>
      {shown &&
        options.map((opt, i) => (
          <li
            key={opt.kind === 'item' ? opt.item.id : 'typed'}
            id={optionId(id, i)}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => {
              e.preventDefault();
              onChoose(opt);
            }}
          >
            {opt.kind === 'item' ? (
              <>
                {opt.item.text}
                {opt.item.sub_text && <small>{opt.item.sub_text}</small>}
              </>
            ) : (
              <>{t('form.ui.useTyped', { text: opt.text })}</>
            )}
          </li>
        ))}
    </ul>
  );
}

/**
 * Lookup combobox: five suggestions plus "Use: text"; a suggestion fills the linked
 * answers it provides, the typed entry asks for manual entry; both, and clearing the box, reset
 * only what describes a previously chosen record (see form/lookup-fill.ts).
 */
export function AutocompleteField({ q, errors }: { q: AutocompleteQuestion; errors?: readonly string[] }) {
  const value = useAnswer(q.key);
  const [text, setText] = useDraft(value);
  const { items, search, clear } = useLookupSuggestions(q.category);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [manual, setManual] = useState(false);
  const listId = useId();
  const w = useFormWords();

  const options: Option[] = [
    ...items.map((item) => ({ kind: 'item' as const, item })),
    ...(text.trim() ? [{ kind: 'typed' as const, text: text.trim() }] : []),
  ];

  const choose = async (opt: Option) => {
    setOpen(false);
    setActive(-1);
    setManual(opt.kind === 'typed');
    if (opt.kind === 'typed') setAnswers(typedLookupPatch(q, opt.text));
    else await fillFromRecord(q, opt.item);
  };

  const showList = open && options.length > 0;
  return (
    <FieldShell q={q} errors={errors}>
      <div className="autocomplete">
        <input
          id={q.key}
          name={q.key}
          type="text"
          role="combobox"
          autoComplete="off"
          maxLength={q.maxLength ?? 45}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(listId, active) : undefined}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy(q, errors)}
          value={text}
          onChange={(e) => {
            const t = e.target.value;
            setText(t);
            setOpen(true);
            setActive(-1);
            if (t === '') {
              setManual(false);
              clear();
            }
            keepTyped(q, t);
            if (t !== '') search(t);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(options.length - 1, a + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === 'Enter' && showList && active >= 0) {
              e.preventDefault();
              const opt = options[active];
              if (opt) void choose(opt);
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        <SuggestionList id={listId} label={w(q.label)} options={options} shown={showList} active={active} onChoose={(opt) => void choose(opt)} />
      </div>
      {manual && (
        <p className="field__hint" role="status">
          {w(q.manualHint)}
        </p>
      )}
    </FieldShell>
  );
}
