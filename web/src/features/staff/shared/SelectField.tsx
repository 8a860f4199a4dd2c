import { useId } from 'react';
import { ErrorList } from '#web/components/ErrorList';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled select in the auth Field's markup (label, control, errors tied by aria-describedby). */
export function SelectField({
  label,
  name,
  value,
  defaultValue,
  onValue,
  options,
  emptyLabel,
  errors,
}: {
  label: string;
  name: string;
  value?: string;
  defaultValue?: string;
  onValue?: (value: string) => void;
  options: readonly SelectOption[];
  /** The first option, with the value '' (e.g. "All terms"); none when every choice is among the options. */
  emptyLabel?: string;
  errors?: string[];
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = !!errors?.length;
  return (
    <div className={`field${invalid ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        onChange={onValue ? (e) => onValue(e.target.value) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
