import { Field } from '#web/components/fields';
import { ApiError } from '#web/lib/api-client';
import { useT } from '#web/lib/i18n';

/**
 * The e-mail of the confirm and reset cards, which the card itself does not check: when the
 * server refuses it (400 `errors.username`), the field is marked invalid with the message tied to
 * it, as well as told in the card's toast.
 */
export function ServerCheckedEmail({ value, onValue, error }: { value: string; onValue: (v: string) => void; error: unknown }) {
  const t = useT();
  const errors = error instanceof ApiError ? error.errors?.username : undefined;
  return <Field label={t('auth.email')} name="username" type="email" autoComplete="username" value={value} onValue={onValue} errors={errors} />;
}
