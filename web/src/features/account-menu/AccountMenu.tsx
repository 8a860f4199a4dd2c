import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Dialog } from '#web/components/Dialog';
import { DownloadLink } from '#web/components/DownloadLink';
import { answersStore, hasAnyAnswer } from '#web/lib/answers';
import { urlOf } from '#web/lib/api-client';
import { T, useT } from '#web/lib/i18n';
import { forgetSession, saveThenLogout } from '#web/lib/logout';
import { sessionInvalidMessage } from '#web/lib/messages';
import { paths } from '#web/lib/routes';
import { useSnapshot } from '#web/lib/session';

/** The close-account page (app/router.tsx routes it; not in lib/routes.ts, which is in the first load). */
export const CLOSE_ACCOUNT_PATH = '/account/close';
/** The office's messages to the applicant, submitted or not (app/router.tsx routes it). */
export const MESSAGES_PATH = '/account/messages';

interface AccountMenuProps {
  /** Loads the auth route chunks ahead of a click (hover/focus). */
  preload: { login: () => void; signup: () => void };
}

/** An open popover closes on Escape (focus back on its toggle) or on a click outside it. */
function usePopoverDismiss(open: boolean, setOpen: (open: boolean) => void, root: RefObject<HTMLElement | null>, toggle: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      // Focus was inside the popover, which is now hidden: give it back to the button that opened it.
      if (root.current?.contains(document.activeElement)) toggle.current?.focus();
    };
    const onClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open, setOpen, root, toggle]);
}

/** Header account popover: username + Log Out, or Sign In / Create Account. */
export function AccountMenu({ preload }: AccountMenuProps) {
  const t = useT();
  const { is_logged_in, username } = useSnapshot();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const popoverId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const logout = useMutation({
    mutationFn: saveThenLogout,
    meta: { inlineErrors: true },
    onSuccess: () => {
      forgetSession(queryClient);
      void navigate(paths.login, { replace: true, state: { errorMessage: sessionInvalidMessage() } });
    },
  });

  usePopoverDismiss(open, setOpen, root, toggle);

  const carry = () => {
    const a = answersStore.get();
    return hasAnyAnswer(a) ? { studentAnswers: a } : {};
  };

  return (
    <div className="account-menu" ref={root}>
      <button ref={toggle} type="button" className="account-menu__toggle" aria-expanded={open} aria-controls={popoverId} onClick={() => setOpen((o) => !o)}>
        {t('account.menu')}
      </button>
      <div id={popoverId} className="account-menu__popover" hidden={!open}>
        {is_logged_in ? (
          <>
            <p className="account-menu__user">
              <T id="account.signedInAs" values={{ username }} components={[<strong>{username}</strong>]} />
            </p>
            <button type="button" className="button button--primary" onClick={() => logout.mutate()} aria-disabled={logout.isPending || undefined}>
              {t('account.logOut')}
            </button>
            <Link to={MESSAGES_PATH} className="button" onClick={() => setOpen(false)}>
              {t('account.messages')}
            </Link>
            <DownloadLink route="exportMyData" href={urlOf('exportMyData')} className="button">
              {t('account.download')}
            </DownloadLink>
            <Link to={CLOSE_ACCOUNT_PATH} className="button" onClick={() => setOpen(false)}>
              {t('account.close')}
            </Link>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button--primary"
              onMouseEnter={preload.login}
              onFocus={preload.login}
              onClick={() => void navigate(paths.login, { state: carry() })}
            >
              {t('account.signIn')}
            </button>
            <button
              type="button"
              className="button"
              onMouseEnter={preload.signup}
              onFocus={preload.signup}
              onClick={() => void navigate(paths.signup, { state: carry() })}
            >
              {t('account.create')}
            </button>
          </>
        )}
      </div>
      <Dialog open={!!logout.error} title={t('account.unexpectedError')} onClose={() => logout.reset()}>
        <p>{logout.error?.message}</p>
      </Dialog>
    </div>
  );
}
