import { useMemo } from 'react';
import { useAnswer, answersStore } from '#web/lib/answers';
import { useLanguage, useT } from '#web/lib/i18n';
import { useStore } from '#web/lib/store';
import { setAnswers } from '../components/form-runtime';
import type { CheckboxGroupQuestion, CheckboxQuestion, ChoiceQuestion, MonthYearQuestion, TextareaQuestion, TextQuestion } from '../model';
import { characterCount, formatPhone, formatSsn, yearList } from '../model';
import { monthNames, shownOptions, useFormWords } from '../words';
import { describedBy, errorId, FieldErrors, FieldsetShell, FieldShell, LabelText } from './FieldShell';
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
        // A number is written left to right in every language: an Arabic page keeps "(555) 555-5555" as typed.
        dir={q.type === 'phone' || q.type === 'ssn' ? 'ltr' : undefined}
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
/** The options in the active language (the stored value and English `_desc` stay the model's). */
function useShownOptions(options: ChoiceQuestion['options']): ChoiceQuestion['options'] {
  const language = useLanguage();
  return useMemo(() => shownOptions(options, language), [options, language]);
}

export function DropdownField({ q, errors, options }: { q: ChoiceQuestion; options: ChoiceQuestion['options'] } & Errs) {
  const value = useAnswer(q.key);
  const t = useT();
  const shown = useShownOptions(options);
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
        <option value="">{t('form.ui.select')}</option>
        {shown.map((o) => (
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
  const shown = useShownOptions(options);
  return (
    <FieldsetShell q={q} errors={errors}>
      <div className={options.length <= 3 ? 'choices--inline' : undefined}>
        {shown.map((shownOption, i) => {
          const o = options[i]!;
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
              <label htmlFor={id}>{shownOption.label}</label>
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
          <LabelText q={q} />
        </label>
      </div>
      <FieldErrors id={errorId(q.key)} errors={errors} />
    </div>
  );
}

export function CheckboxGroupField({ q, errors }: { q: CheckboxGroupQuestion } & Errs) {
  const answers = useStore(answersStore);
  const w = useFormWords();
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
          <label htmlFor={o.yupValueKey}>{w(o.label)}</label>
        </div>
      ))}
    </FieldsetShell>
  );
}

/** The stored months' English names (their `_desc`); the screen shows the active language's. */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function MonthYearField({ q, errors, yearErrors }: { q: MonthYearQuestion; yearErrors?: readonly string[] } & Errs) {
  const month = useAnswer(q.key);
  const year = useAnswer(q.yearKey);
  const years = yearList(q.years);
  const t = useT();
  const w = useFormWords();
  const language = useLanguage();
  const names = useMemo(() => monthNames(language), [language]);
  const all = [...(errors ?? []), ...(yearErrors ?? [])];
  // The Month select carries the question key (the error link's anchor lands on it), so the
  // fieldset takes another id: one id per page, and the "Month" label reaches its select.
  return (
    <FieldsetShell q={q} errors={all.length ? all : undefined} id={`${q.key}-group`}>
      <div className="field-row">
        <div className="field">
          <label htmlFor={q.key}>{t('form.ui.month')}</label>
          <select
            id={q.key}
            value={month}
            onChange={(e) =>
              setAnswers(q.includeDesc ? { [q.key]: e.target.value, [`${q.key}_desc`]: MONTHS[Number(e.target.value) - 1] ?? '' } : { [q.key]: e.target.value })
            }
          >
            <option value="">{t('form.ui.monthPlaceholder')}</option>
            {MONTHS.map((m, i) => (
              <option key={m} value={String(i + 1)}>
                {names[i]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={q.yearKey}>{w(q.yearLabel)}</label>
          <select
            id={q.yearKey}
            value={year}
            onChange={(e) =>
              setAnswers(q.includeDesc ? { [q.yearKey]: e.target.value, [`${q.yearKey}_desc`]: e.target.value } : { [q.yearKey]: e.target.value })
            }
          >
            <option value="">{t('form.ui.yearPlaceholder')}</option>
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
