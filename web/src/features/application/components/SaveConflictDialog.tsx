import { useId, useState } from 'react';
import { isLabelKey, LABEL_SUFFIX } from '#form/contract';
import { Dialog } from '#web/components/Dialog';
import { useSaveConflicts, type ConflictChoices, type PendingConflicts, type SaveConflict } from '#web/lib/answers-api';
import { T, translate, useT } from '#web/lib/i18n';
import { questionFor, type Question } from '../model';
import { formWord, shownOptions } from '../words';

/** A stored value as the applicant reads it: an option's label, a checkbox in words, never a bare code. */
export function describeValue(key: string, value: string): string {
  if (value === '') return translate('form.ui.noAnswer');
  const q = questionFor(key);
  if (!q) return value;
  if (q.type === 'checkbox' || q.type === 'checkboxGroup') return translate(value === 'true' ? 'form.ui.isChecked' : 'form.ui.notChecked');
  if ((q.type === 'dropdown' || q.type === 'radio') && key === q.key) {
    const options = [...q.options, ...Object.values(q.dependsOn?.optionsByValue ?? {}).flat()];
    return shownOptions(options).find((o) => o.value === value)?.label ?? value;
  }
  return value;
}

function labelOf(q: Question | undefined, key: string): string {
  return q ? formWord(q.label) : key;
}

/**
 * A `_desc` companion follows its question's choice and is not asked about separately; asked
 * alone (only the label differs), it stands for its question.
 */
function shownConflicts(conflicts: readonly SaveConflict[]): SaveConflict[] {
  const keys = new Set(conflicts.map((c) => c.key));
  return conflicts.filter((c) => !(isLabelKey(c.key) && keys.has(c.key.slice(0, -LABEL_SUFFIX.length))));
}

function withCompanions(conflicts: readonly SaveConflict[], choices: ConflictChoices): ConflictChoices {
  const out: ConflictChoices = { ...choices };
  for (const c of conflicts) if (!out[c.key] && isLabelKey(c.key)) out[c.key] = out[c.key.slice(0, -LABEL_SUFFIX.length)] ?? 'mine';
  return out;
}

function ConflictQuestion({
  conflict,
  choice,
  onChoose,
  missing,
}: {
  conflict: SaveConflict;
  choice?: 'mine' | 'theirs';
  onChoose: (c: 'mine' | 'theirs') => void;
  missing: boolean;
}) {
  const id = useId();
  const label = labelOf(questionFor(conflict.key), conflict.key);
  const t = useT();
  return (
    <fieldset className="conflict" aria-describedby={missing ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      {missing && (
        <p id={`${id}-error`} className="field__errors">
          {t('form.ui.chooseFor', { label })}
        </p>
      )}
      <label className="conflict__option">
        <input type="radio" name={id} checked={choice === 'mine'} onChange={() => onChoose('mine')} />
        <T id="form.ui.keepMine" values={{ value: describeValue(conflict.key, conflict.mine) }} components={[<strong key="v" />]} />
      </label>
      <label className="conflict__option">
        <input type="radio" name={id} checked={choice === 'theirs'} onChange={() => onChoose('theirs')} />
        <T id="form.ui.takeTheirs" values={{ value: describeValue(conflict.key, conflict.theirs) }} components={[<strong key="v" />]} />
      </label>
    </fieldset>
  );
}

/**
 * The question a save asks when another tab or device changed the same answers meanwhile: for
 * each, keep this page's value or take the other; nothing is saved until the applicant chooses.
 */
function SaveConflictDialog() {
  const pending = useSaveConflicts();
  // A new question starts with no choices made.
  return pending ? <ConflictChoicesDialog key={pending.id} pending={pending} /> : null;
}

function ConflictChoicesDialog({ pending }: { pending: PendingConflicts }) {
  const [choices, setChoices] = useState<ConflictChoices>({});
  const [checked, setChecked] = useState(false);
  const shown = shownConflicts(pending.conflicts);
  const t = useT();
  const close = (result: ConflictChoices | null) => pending.resolve(result);
  const save = () => {
    if (shown.some((c) => !choices[c.key])) return setChecked(true);
    close(withCompanions(pending.conflicts, choices));
  };
  return (
    <Dialog
      open
      size="s"
      title={t('form.ui.conflictTitle')}
      onClose={() => close(null)}
      actions={
        <>
          <button type="button" className="button" onClick={() => close(null)}>
            {t('form.ui.notNow')}
          </button>
          <button type="button" className="button button--primary" onClick={save}>
            {t('form.ui.saveChoices')}
          </button>
        </>
      }
    >
      <p>{t('form.ui.conflictBody', { count: shown.length })}</p>
      {shown.map((c) => (
        <ConflictQuestion
          key={c.key}
          conflict={c}
          choice={choices[c.key]}
          missing={checked && !choices[c.key]}
          onChoose={(choice) => setChoices((all) => ({ ...all, [c.key]: choice }))}
        />
      ))}
    </Dialog>
  );
}

export default SaveConflictDialog;
