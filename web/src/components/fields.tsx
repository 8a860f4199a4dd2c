import { useId, useState, type InputHTMLAttributes } from 'react';
import { useT } from '#web/lib/i18n';
import { ErrorList } from './ErrorList';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  errors?: string[];
  /** Extra ids the input is described by (e.g. the password requirement list). */
  describedBy?: string;
}

/** A labelled input whose errors sit beside it, tied by aria-describedby (GOV.UK pattern). */
export function Field({ label, name, value, onValue, errors, describedBy, type = 'text', ...rest }: FieldProps) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const invalid = !!errors?.length;
  const described = [invalid ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${invalid ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className={isPassword ? 'password-input' : undefined}>
        <input
          id={id}
          name={name}
          type={isPassword && shown ? 'text' : type}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          onChange={(e) => onValue(e.target.value)}
          {...rest}
        />
        {isPassword && (
          <button type="button" className="password-toggle" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
            {shown ? t('field.hide') : t('field.show')}
            <span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        )}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
