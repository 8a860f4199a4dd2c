import { useT } from '#web/lib/i18n';

/**
 * A field's messages, one per line, each read as "Error: …"; its id is what the control's
 * aria-describedby names while the list is shown. Nothing is rendered without a message.
 */
export function ErrorList({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  const t = useT();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field__errors">
      {errors.map((m) => (
        <li key={m}>
          <span className="visually-hidden">{t('messages.errorPrefix')} </span>
          {m}
        </li>
      ))}
    </ul>
  );
}
