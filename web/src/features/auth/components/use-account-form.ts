import { useMemo, useState } from 'react';
import { checkAccountForm, type AccountFormKind } from '#form/account-rules';
import type { FieldErrors } from '#form/types';
import { useLanguage } from '#web/lib/i18n';
import { accountMessage } from './account-words';

export type Values = Record<string, string>;

/**
 * The fields each card reports while typing and on submit; the server checks every field of
 * the kind (the confirmation card's e-mail, say, comes with the card and is not typed there).
 */
const CARD_FIELDS: Record<AccountFormKind, readonly string[]> = {
  login: ['username', 'password'],
  signup: ['username', 'password'],
  confirm: ['code'],
  forgot: ['username'],
  reset: ['password', 'confirm_password', 'id'],
  resend: ['username'],
};

/**
 * The card's messages for `fields`, from the account rules the public routes run (without yup,
 * so the signed-out pages neither load nor evaluate it).
 */
function cardErrors(kind: AccountFormKind, values: Values, fields: readonly string[]): FieldErrors {
  return Object.fromEntries(
    Object.entries(checkAccountForm(kind, values))
      .filter(([field]) => fields.includes(field))
      .map(([field, messages]) => [field, messages.map(accountMessage)]),
  );
}

/**
 * An auth card's values and errors: validation re-runs on every change but reports only
 * the fields the applicant has touched; submit reports every field the card checks.
 */
export function useAccountForm(kind: AccountFormKind, initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  // The messages are the active language's: a change of language words them again.
  const language = useLanguage();

  const errors = useMemo(() => {
    const fields = CARD_FIELDS[kind].filter((f) => submitted || touched.has(f));
    return fields.length ? cardErrors(kind, values, fields) : {};
    // eslint-disable-next-line react-hooks/exhaustive-deps -- language: accountMessage reads the active catalog
  }, [kind, values, touched, submitted, language]);

  const set = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  };

  /** Runs the full card check; returns true when the server may be called. */
  const check = (): boolean => {
    setSubmitted(true);
    return Object.keys(cardErrors(kind, values, CARD_FIELDS[kind])).length === 0;
  };

  return { values, errors, set, check };
}
