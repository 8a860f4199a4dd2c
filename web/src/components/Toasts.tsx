import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { translate, useT } from '#web/lib/i18n';

export type Severity = 'success' | 'error';

export interface ToastInput {
  title?: string;
  message: string;
  severity?: Severity;
  /** ms; defaults 5000, errors 300000 (an error stays long enough to be read and acted on). */
  duration?: number;
  /**
   * A new toast replaces a shown one of the same kind instead of stacking above it: a save's
   * outcome (kind 'save') replaces the last one, green or red. Defaults to the severity.
   */
  kind?: string;
}

interface Toast extends Required<Omit<ToastInput, 'title'>> {
  id: number;
  title?: string;
}

export const TOAST_DURATION = 5000;
export const ERROR_TOAST_DURATION = 300_000;
export const SWIPE_THRESHOLD = 50;

interface ToastApi {
  show(t: ToastInput): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}

function ToastItem({ toast, dismiss }: { toast: Toast; dismiss: (id: number) => void }) {
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  const onDismiss = () => dismiss(toast.id);
  // The timer starts when this toast appears and depends on nothing that changes while it shows
  // (`dismiss` is stable): another toast coming or going must not restart it.
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, dismiss]);
  return (
    <li
      className={`toast toast--${toast.severity}`}
      style={dx > 0 ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - dx / 200) } : undefined}
      onPointerDown={(e) => {
        start.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
      }}
      onPointerUp={(e) => {
        const moved = start.current === null ? 0 : e.clientX - start.current;
        start.current = null;
        setDx(0);
        if (moved > SWIPE_THRESHOLD) onDismiss();
      }}
      onPointerCancel={() => {
        start.current = null;
        setDx(0);
      }}
    >
      {/* The live role sits inside the item: a list's children must stay list items (axe "list"). */}
      <div className="toast__body" role={toast.severity === 'error' ? 'alert' : 'status'}>
        {toast.title && <p className="toast__title">{toast.title}</p>}
        <p className="toast__message">{toast.message}</p>
      </div>
      <button type="button" className="toast__close" aria-label={translate('shell.closeNotification')} onClick={onDismiss}>
        ×
      </button>
    </li>
  );
}

/** Toasts: 5 s, errors 300 s, swipe right over 50 px dismisses, F8 focuses the region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const region = useRef<HTMLElement>(null);

  const dismiss = useCallback((id: number) => setToasts((ts) => ts.filter((t) => t.id !== id)), []);
  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    const severity = input.severity ?? 'success';
    const duration = input.duration ?? (severity === 'error' ? ERROR_TOAST_DURATION : TOAST_DURATION);
    const kind = input.kind ?? severity;
    setToasts((ts) => [...ts.filter((t) => t.kind !== kind), { id, title: input.title, message: input.message, severity, duration, kind }]);
    return id;
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  const t = useT();
  return (
    <ToastContext.Provider value={api}>
      {/* First in the page: on a phone a success toast sits in the flow at the top instead of over the content (styles.css). */}
      <section ref={region} className="toasts" aria-label={t('shell.notifications')} tabIndex={-1}>
        <ol>
          {toasts.map((t) => (
            <ToastItem key={t.id} toast={t} dismiss={dismiss} />
          ))}
        </ol>
      </section>
      {children}
    </ToastContext.Provider>
  );
}

/** The inline error toast of an auth card (its server errors show inside the card), labelled e.g. "Login Card Error". */
export function InlineToast({ label, message, severity = 'error', onClose }: { label: string; message: string; severity?: Severity; onClose?: () => void }) {
  const t = useT();
  return (
    <div className={`inline-toast inline-toast--${severity}`} role={severity === 'error' ? 'alert' : 'status'} aria-label={label}>
      <p>{message}</p>
      {onClose && (
        <button type="button" className="toast__close" aria-label={t('shell.close')} onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}
