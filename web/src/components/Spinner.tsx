import { useT } from '#web/lib/i18n';

/** Loading indicators: full screen 10rem at the top z-index; inline sizes xs, s, m. */
export function FullScreenSpinner({ label: given }: { label?: string }) {
  const t = useT();
  const label = given ?? t('shell.loading');
  return (
    <div className="spinner-screen" role="status" aria-live="polite" aria-label={label}>
      <span className="spinner spinner--xl" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** An inline spinner; `showLabel` puts its label beside it for everyone, not only screen readers. */
export function Spinner({ size = 's', label: given, showLabel = false }: { size?: 'xs' | 's' | 'm'; label?: string; showLabel?: boolean }) {
  const t = useT();
  const label = given ?? t('shell.loading');
  return (
    <span role="status" aria-label={label} className="spinner-inline">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className={showLabel ? 'spinner-inline__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
