import { useCallback, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { IdleTimeout } from '../features/idle/IdleTimeout';
import { useSnapshot } from '../lib/session';
import { forgetSession, logoutRequest } from '../lib/logout';
import { IDLE_LOGOUT_MESSAGE } from '../lib/messages';
import { paths } from '../lib/routes';

/** Scrolls to the element named by the hash (error summary links: page#key) and focuses its field. */
function ScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    // The page may still be rendering its lazy chunk: try for a moment.
    let tries = 0;
    const timer = setInterval(() => {
      const el = document.getElementById(id);
      if (el || ++tries > 40) clearInterval(timer);
      if (!el) return;
      el.scrollIntoView({ block: 'center' });
      const focusable = el.matches('input,select,textarea,button') ? el : el.querySelector<HTMLElement>('input,select,textarea,button');
      focusable?.focus({ preventScroll: true });
    }, 50);
    return () => clearInterval(timer);
  }, [hash, pathname]);
  return null;
}

export function RootLayout() {
  const loggedIn = useSnapshot((s) => s.is_logged_in && !s.is_service_user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onTimeout = useCallback(() => {
    // The server-side logout is best effort: the local session is forgotten either way.
    logoutRequest().catch(() => undefined);
    forgetSession(queryClient);
    navigate(paths.login, { replace: true, state: { errorMessage: IDLE_LOGOUT_MESSAGE } });
  }, [navigate, queryClient]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <ScrollToHash />
      <Outlet />
      {loggedIn && <IdleTimeout onTimeout={onTimeout} />}
    </>
  );
}
