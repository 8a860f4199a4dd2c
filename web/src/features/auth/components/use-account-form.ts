import { useMemo, useState } from 'react';
import { accountCardFields, validateAccountForm, type AccountFormKind } from '#form/account';

export type Values = Record<string, string>;

/**
 * An auth card's values and errors: validation re-runs on every change but reports only
 * the fields the applicant has touched; submit reports every field the card checks.
 */
export function useAccountForm(kind: AccountFormKind, initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);

  const errors = useMemo(() => {
    const fields = accountCardFields[kind].filter((f) => submitted || touched.has(f));
    return fields.length ? validateAccountForm(kind, values, fields) : {};
  }, [kind, values, touched, submitted]);

  const set = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  };

  /** Runs the full card check; returns true when the server may be called. */
  const check = (): boolean => {
    setSubmitted(true);
    return Object.keys(validateAccountForm(kind, values, accountCardFields[kind])).length === 0;
  };

  return { values, errors, set, check };
}
