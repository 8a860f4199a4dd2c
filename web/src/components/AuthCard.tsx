import type { FormEvent, ReactNode } from 'react';
import { useT } from '#web/lib/i18n';

interface AuthCardProps {
  title: string;
  onSubmit: () => void;
  busy: boolean;
  submitLabel?: string;
  toast?: ReactNode;
  /** Why the visitor is on this card, under its heading. */
  note?: string;
  footer: ReactNode;
  children: ReactNode;
  /** Two columns on wide screens (login, sign-up, reset); one on mobile. */
  columns?: 1 | 2;
}

/** Auth card layout: heading, optional error toast, fields, Submit (10rem × 3rem), footer. */
export function AuthCard({ title, onSubmit, busy, submitLabel, toast, note, footer, children, columns = 1 }: AuthCardProps) {
  const t = useT();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <section className="auth-card" aria-labelledby="auth-card-title">
      <h1 id="auth-card-title">{title}</h1>
      {note && <p className="auth-card__note">{note}</p>}
      {toast}
      <form noValidate onSubmit={submit}>
        <div className={columns === 2 ? 'auth-grid auth-grid--2' : 'auth-grid'}>{children}</div>
        <button type="submit" className="button button--primary auth-card__submit" aria-disabled={busy || undefined}>
          {busy ? t('auth.wait') : (submitLabel ?? t('auth.submit'))}
        </button>
      </form>
      <footer className="auth-card__footer">{footer}</footer>
    </section>
  );
}
