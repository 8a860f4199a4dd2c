import { useId } from 'react';
import { ErrorList } from '#web/components/ErrorList';

/** A labelled textarea in the Field's markup: an optional hint, errors tied by aria-describedby. */
export function TextAreaField({
  label,
  name,
  value,
  onValue,
  hint,
  describedBy,
  errors,
  rows = 4,
}: {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  /** A hint outside the field this one shares (the placeholders of an e-mail's subject and body). */
  describedBy?: string;
  errors?: readonly string[];
  rows?: number;
}) {
  const id = useId();
  const invalid = !!errors?.length;
  const described = [hint ? `${id}-hint` : '', describedBy ?? '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${invalid ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={described}
      />
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}
