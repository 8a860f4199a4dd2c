import { useId, type ReactNode } from 'react';
import { ErrorList } from './ErrorList';

export interface RadioOption {
  value: string;
  label: string;
}

/**
 * A labelled group of radios in the form's markup (fieldset, legend, hint, errors), the hint and
 * the messages tied to the group by aria-describedby. `id` is the fieldset's, where an error
 * summary's link leads (its first radio takes focus).
 */
export function RadioGroup({
  id,
  name,
  legend,
  hint,
  options,
  value,
  onValue,
  errors,
  inline = false,
}: {
  id: string;
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly RadioOption[];
  value: string;
  onValue: (value: string) => void;
  errors?: readonly string[];
  inline?: boolean;
}) {
  const own = useId();
  const hintId = `${own}-hint`;
  const errorId = `${own}-error`;
  const invalid = !!errors?.length;
  const describedBy = [hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset id={id} className={`field${invalid ? ' field--error' : ''}`} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <div className={inline ? 'choices--inline' : undefined}>
        {options.map((o) => (
          <div className="choice" key={o.value}>
            <input id={`${own}-${o.value}`} type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onValue(o.value)} />
            <label htmlFor={`${own}-${o.value}`}>{o.label}</label>
          </div>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
