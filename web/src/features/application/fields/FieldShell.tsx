import type { ReactNode } from 'react';
import { ErrorList } from '#web/components/ErrorList';
import { useT } from '#web/lib/i18n';
import type { Question } from '../model';
import { useFormWords } from '../words';

/** The field's messages (the design system's ErrorList). */
export const FieldErrors = ErrorList;

export const errorId = (key: string) => `${key}-error`;
export const hintId = (key: string) => `${key}-hint`;

/** aria-describedby for an input: its hint, and its errors only while they are shown. */
export function describedBy(q: Question, errors: readonly string[] | undefined, extra?: string): string | undefined {
  const ids = [q.hint ? hintId(q.key) : '', errors?.length ? errorId(q.key) : '', extra ?? ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The question's label in the active language, "(optional)" after it where it is. */
export function LabelText({ q }: { q: Question }) {
  const w = useFormWords();
  const t = useT();
  return (
    <>
      {w(q.label)}
      {q.optional && <span className="field__optional"> {t('form.ui.optional')}</span>}
    </>
  );
}

/** The question's hint, whose id the control's aria-describedby names. */
function FieldHint({ q }: { q: Question }) {
  const w = useFormWords();
  if (!q.hint) return null;
  return (
    <p id={hintId(q.key)} className="field__hint">
      {w(q.hint)}
    </p>
  );
}

/** A single-input question: label, hint, control, then its errors (GOV.UK order). */
export function FieldShell({ q, errors, children, inputId = q.key }: { q: Question; errors?: readonly string[]; children: ReactNode; inputId?: string }) {
  const invalid = !!errors?.length;
  return (
    <div className={`field${invalid ? ' field--error' : ''}`}>
      <label htmlFor={inputId}>
        <LabelText q={q} />
      </label>
      <FieldHint q={q} />
      {children}
      <FieldErrors id={errorId(q.key)} errors={errors} />
    </div>
  );
}

/** A group of inputs (radios, checkbox groups, month + year): a fieldset with a legend. */
export function FieldsetShell({
  q,
  errors,
  children,
  className,
  id = q.key,
}: {
  q: Question;
  errors?: readonly string[];
  children: ReactNode;
  className?: string;
  /** The fieldset's own id; a group whose first control carries the question key names it apart. */
  id?: string;
}) {
  const invalid = !!errors?.length;
  return (
    <fieldset
      id={id}
      className={`field${invalid ? ' field--error' : ''}${className ? ` ${className}` : ''}`}
      aria-describedby={describedBy(q, errors)}
      tabIndex={-1}
    >
      <legend>
        <LabelText q={q} />
      </legend>
      <FieldHint q={q} />
      {children}
      <FieldErrors id={errorId(q.key)} errors={errors} />
    </fieldset>
  );
}
