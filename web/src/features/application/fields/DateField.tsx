import { useEffect, useState } from 'react';
import { answersStore, useAnswer } from '#web/lib/answers';
import { setAnswers, useFormRuntime } from '../components/form-runtime';
import { markBadDate } from '../date-input-state';
import type { TextQuestion } from '../model';
import { isValidIsoDate } from '../model';
import { describedBy, FieldShell } from './FieldShell';
import { useDraft } from './use-draft';

/** Any text that is not a date: the rules then give the question's own "not a valid date" message. */
const NOT_A_DATE = 'not-a-date';

/**
 * Date: validated on change and stored only when valid; a value the rules refuse
 * (e.g. too young) shows the rule's message and the stored answer is cleared, while the input
 * keeps what was typed. What the browser cannot read as a date (impossible or half-typed: its
 * value is then empty and `validity.badInput` set) shows the question's own message for an
 * invalid date ("A valid date of birth is required."), not the required one.
 */
export function DateField({ q, errors }: { q: TextQuestion; errors?: readonly string[] }) {
  const stored = useAnswer(q.key);
  const { validateField } = useFormRuntime();
  // A cleared answer keeps what was typed: the rules refused it, and the applicant corrects it.
  const [draft, setDraft] = useDraft(stored, (v) => v !== '');
  const [local, setLocal] = useState<string[]>([]);
  useEffect(() => () => markBadDate(q.key, undefined), [q.key]);
  const shown = local.length ? local : errors;

  const check = (input: HTMLInputElement) => {
    const v = input.value;
    setDraft(v);
    if (input.validity.badInput || (v !== '' && !isValidIsoDate(v))) {
      const messages = validateField(q.key, { ...answersStore.get(), [q.key]: NOT_A_DATE });
      setLocal(messages);
      markBadDate(q.key, messages);
      if (stored !== '') setAnswers({ [q.key]: '' });
      return;
    }
    markBadDate(q.key, undefined);
    if (v === '') {
      setLocal([]);
      if (stored !== '') setAnswers({ [q.key]: '' });
      return;
    }
    const messages = validateField(q.key, { ...answersStore.get(), [q.key]: v });
    setLocal(messages);
    setAnswers({ [q.key]: messages.length ? '' : v });
  };

  return (
    <FieldShell q={q} errors={shown}>
      <input
        id={q.key}
        name={q.key}
        type="date"
        value={draft}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={describedBy(q, shown)}
        onChange={(e) => check(e.currentTarget)}
        // Typing into an empty date input changes no value until the date is whole: leaving it decides.
        onBlur={(e) => check(e.currentTarget)}
      />
    </FieldShell>
  );
}
