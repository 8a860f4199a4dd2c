import { useCallback, useEffect, useRef, useState } from 'react';
import { Dialog } from '#web/components/Dialog';
import { keepSessionAlive } from '#web/lib/api-client';
import { useT } from '#web/lib/i18n';

export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_PROMPT_MS = 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Idle timeout: prompt 60 s before 15 minutes without activity; log out at 15 minutes.
 * Time is read from Date.now() on a 1 s tick rather than one long timer, so a sleeping laptop or
 * a throttled tab still logs out on the first activity after the deadline.
 */
export function IdleTimeout({ onTimeout }: { onTimeout: () => void }) {
  /** When the applicant last did something; the clock starts when the component first runs its effect. */
  const last = useRef(0);
  const promptOpen = useRef(false);
  const t = useT();
  const done = useRef(false);
  const [prompt, setPrompt] = useState(false);

  const timeout = useCallback(() => {
    if (done.current) return;
    done.current = true;
    promptOpen.current = false;
    setPrompt(false);
    onTimeout();
  }, [onTimeout]);

  useEffect(() => {
    if (last.current === 0) last.current = Date.now();
    const onActivity = () => {
      if (Date.now() - last.current >= IDLE_TIMEOUT_MS) return timeout();
      // While the prompt is up only its buttons count: a stray mouse move must not hide it.
      if (promptOpen.current) return;
      last.current = Date.now();
      keepSessionAlive(last.current);
    };
    const tick = setInterval(() => {
      const idle = Date.now() - last.current;
      if (idle >= IDLE_TIMEOUT_MS) timeout();
      else if (idle >= IDLE_TIMEOUT_MS - IDLE_PROMPT_MS && !promptOpen.current) {
        promptOpen.current = true;
        setPrompt(true);
      }
    }, 1000);
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    return () => {
      clearInterval(tick);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
    };
  }, [timeout]);

  const stay = () => {
    if (Date.now() - last.current >= IDLE_TIMEOUT_MS) return timeout();
    last.current = Date.now();
    keepSessionAlive(last.current);
    promptOpen.current = false;
    setPrompt(false);
  };

  return (
    <Dialog
      open={prompt}
      role="alertdialog"
      title={t('idle.title')}
      onClose={stay}
      size="s"
      actions={
        <>
          <button type="button" className="button button--primary" onClick={stay}>
            {t('idle.stay')}
          </button>
          <button type="button" className="button" onClick={timeout}>
            {t('idle.leave')}
          </button>
        </>
      }
    >
      <p>{t('idle.body')}</p>
    </Dialog>
  );
}
