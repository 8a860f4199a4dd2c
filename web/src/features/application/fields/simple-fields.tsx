import { useAnswer, answersStore } from '#web/lib/answers';
import { useStore } from '#web/lib/store';
import { setAnswers } from '../components/form-runtime';
import type { CheckboxGroupQuestion, CheckboxQuestion, ChoiceQuestion, MonthYearQuestion, TextareaQuestion, TextQuestion } from '../model';
import { characterCount, formatPhone, formatSsn, yearList } from '../model';
import { describedBy, errorId, FieldErrors, FieldsetShell, FieldShell } from './FieldShell';
import { useDraft } from './use-draft';

type Errs = { errors?: readonly string[] };

export function TextField({ q, errors }: { q: TextQuestion } & Errs) {
  const value = useAnswer(q.key);
  const mask = q.type === 'phone' ? formatPhone : q.type === 'ssn' ? formatSsn : (v: string) => v;
  return (
    <FieldShell q={q} errors={errors}>
      <input
        id={q.key}
        name={q.key}
        type={q.type === 'phone' ? 'tel' : 'text'}
        inputMode={q.type === 'ssn' ? 'numeric' : undefined}
        autoComplete={q.autoComplete ?? (q.type === 'phone' ? 'tel-national' : 'off')}
        maxLength={q.type === 'phone' ? 14 : q.type === 'ssn' ? 11 : (q.maxLength ?? 45)}
        value={value}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(q, errors)}
        onChange={(e) => setAnswers({ [q.key]: mask(e.target.value) })}
      />
    </FieldShell>
  );
}

/** Text area: live "Character count: n / limit", saved to the answers on blur. */
export function TextareaField({ q, errors }: { q: TextareaQuestion } & Errs) {
  const stored = useAnswer(q.key);
  const [draft, setDraft] = useDraft(stored);
  const countId = `${q.key}-count`;
  return (
    <FieldShell q={q} errors={errors}>
      <textarea
        id={q.key}
        name={q.key}
        rows={q.rows}
        maxLength={q.maxLength}
        value={draft}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(q, errors, countId)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => draft !== stored && setAnswers({ [q.key]: draft })}
      />
      <p id={countId} className="field__count">
        {characterCount(draft, q.maxLength)}
      </p>
    </FieldShell>
  );
}

/**
 * Dropdown: a native select. Its built-in typeahead (type letters to jump, reset after about a
 * second) is the behaviour 001 asks for, with full keyboard and screen reader support for free.
 */
export function DropdownField({ q, errors, options }: { q: ChoiceQuestion; options: ChoiceQuestion['options'] } & Errs) {
  const value = useAnswer(q.key);
  return (
    <FieldShell q={q} errors={errors}>
      <select
        id={q.key}
        name={q.key}
        value={value}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(q, errors)}
        onChange={(e) => {
          const opt = options.find((o) => o.value === e.target.value);
          setAnswers(q.includeDesc ? { [q.key]: e.target.value, [`${q.key}_desc`]: opt?.label ?? '' } : { [q.key]: e.target.value });
        }}
      >
        <option value="">Select…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function RadioField({ q, errors, options }: { q: ChoiceQuestion; options: ChoiceQuestion['options'] } & Errs) {
  const value = useAnswer(q.key);
  return (
    <FieldsetShell q={q} errors={errors}>
      <div className={options.length <= 3 ? 'choices--inline' : undefined}>
        {options.map((o) => {
          const id = `${q.key}-${o.value}`;
          return (
            <div className="choice" key={o.value}>
              <input
                id={id}
                type="radio"
                name={q.key}
                value={o.value}
                checked={value === o.value}
                onChange={() => setAnswers(q.includeDesc ? { [q.key]: o.value, [`${q.key}_desc`]: o.label } : { [q.key]: o.value })}
              />
              <label htmlFor={id}>{o.label}</label>
            </div>
          );
        })}
      </div>
    </FieldsetShell>
  );
}

export function CheckboxField({ q, errors }: { q: CheckboxQuestion } & Errs) {
  const value = useAnswer(q.key);
  const invalid = !!errors?.length;
  return (
    <div className={`field${invalid ? ' field--error' : ''}`}>
      <div className="choice">
        <input
          id={q.key}
          type="checkbox"
          name={q.key}
          checked={value === 'true'}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(q, errors)}
          onChange={(e) => setAnswers({ [q.key]: e.target.checked ? 'true' : 'false' })}
        />
        <label htmlFor={q.key}>
          {q.label}
          {q.optional && <span className="field__optional"> (optional)</span>}
        </label>
      </div>
      <FieldErrors id={errorId(q.key)} errors={errors} />
    </div>
  );
}

export function CheckboxGroupField({ q, errors }: { q: CheckboxGroupQuestion } & Errs) {
  const answers = useStore(answersStore);
  return (
    <FieldsetShell q={q} errors={errors}>
      {q.options.map((o) => (
        <div className="choice" key={o.yupValueKey}>
          <input
            id={o.yupValueKey}
            type="checkbox"
            name={o.yupValueKey}
            checked={answers[o.yupValueKey] === 'true'}
            onChange={(e) => setAnswers({ [o.yupValueKey]: e.target.checked ? 'true' : 'false' })}
          />
          <label htmlFor={o.yupValueKey}>{o.label}</label>
        </div>
      ))}
    </FieldsetShell>
  );
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function MonthYearField({ q, errors, yearErrors }: { q: MonthYearQuestion; yearErrors?: readonly string[] } & Errs) {
  const month = useAnswer(q.key);
  const year = useAnswer(q.yearKey);
  const years = yearList(q.years);
  const all = [...(errors ?? []), ...(yearErrors ?? [])];
  // The Month select carries the question key (the error link's anchor lands on it), so the
  // fieldset takes another id: one id per page, and the "Month" label reaches its select.
  return (
    <FieldsetShell q={q} errors={all.length ? all : undefined} id={`${q.key}-group`}>
      <div className="field-row">
        <div className="field">
          <label htmlFor={q.key}>Month</label>
          <select
            id={q.key}
            value={month}
            onChange={(e) =>
              setAnswers(q.includeDesc ? { [q.key]: e.target.value, [`${q.key}_desc`]: MONTHS[Number(e.target.value) - 1] ?? '' } : { [q.key]: e.target.value })
            }
          >
            <option value="">Month…</option>
            {MONTHS.map((m, i) => (
              <option key={m} value={String(i + 1)}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={q.yearKey}>{q.yearLabel}</label>
          <select
            id={q.yearKey}
            value={year}
            onChange={(e) =>
              setAnswers(q.includeDesc ? { [q.yearKey]: e.target.value, [`${q.yearKey}_desc`]: e.target.value } : { [q.yearKey]: e.target.value })
            }
          >
            <option value="">Year…</option>
            {years.map((y) => (
              <option key={y.value} value={y.value}>
                {y.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </FieldsetShell>
  );
}
