import { useEffect, useId, useRef, type ReactNode } from 'react';
import { translate, useT } from '#web/lib/i18n';

export type DialogSize = 'xs' | 's' | 'm';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  size?: DialogSize;
  children: ReactNode;
  /** Buttons; rendered in the footer. */
  actions?: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal on the native <dialog>: focus trapping, Escape and the inert background come from the
 * browser. Sizes are CSS classes (phone xs 30rem, s 60rem, m 80vw; tablet s 70vw, m 90vw).
 */
export function Dialog({ open, title, onClose, size = 'xs', children, actions, role = 'dialog' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    } else if (!open && el.open) {
      if (typeof el.close === 'function') el.close();
      else el.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <div className="dialog__header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="dialog__close" aria-label={translate('shell.closeDialog')} onClick={onClose}>
              ×
            </button>
          </div>
          <div className="dialog__content">{children}</div>
          {actions && <div className="dialog__actions">{actions}</div>}
        </>
      )}
    </dialog>
  );
}

/** A question with Cancel and one action (delete a file, leave a tab that deletes it). */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('messages.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
