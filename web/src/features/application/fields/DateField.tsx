import { useEffect, useState } from 'react';
import type { TextQuestion } from '../model';
import { answersStore, useAnswer } from '../../../lib/answers';
import { setAnswers, useFormRuntime } from '../components/form-runtime';
import { isValidIsoDate } from '../model';
import { describedBy, FieldShell } from './FieldShell';

/**
 * Date (001 §5): validated on change and stored only when valid; a value the rules refuse
 * (e.g. too young) shows the rule's message and the stored answer is cleared, while the input
 * keeps what was typed.
 */
export function DateField({ q, errors }: { q: TextQuestion; errors?: readonly string[] }) {
  const stored = useAnswer(q.key);
  const { validateField } = useFormRuntime();
  const [draft, setDraft] = useState(stored);
  const [local, setLocal] = useState<string[]>([]);
  useEffect(() => {
    if (stored !== '') setDraft(stored);
  }, [stored]);
  const shown = local.length ? local : errors;
  return (
    <FieldShell q={q} errors={shown}>
      <input
        id={q.key}
        name={q.key}
        type="date"
        value={draft}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={describedBy(q, shown)}
        onChange={(e) => {
          const v = e.target.value;
          setDraft(v);
          if (!isValidIsoDate(v)) {
            setLocal([]);
            if (stored !== '') setAnswers({ [q.key]: '' });
            return;
          }
          const messages = validateField(q.key, { ...answersStore.get(), [q.key]: v });
          setLocal(messages);
          setAnswers({ [q.key]: messages.length ? '' : v });
        }}
      />
    </FieldShell>
  );
}
