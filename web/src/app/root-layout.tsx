import { useCallback, useEffect, useRef } from 'react';
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

/**
 * A page change inside the app starts where a full page load would: at the top, with focus on the
 * new page's heading, so a screen reader announces the page and the keyboard starts from it (the
 * button that was pressed is gone). Not for an address naming a field (#key), and not when the
 * error summary has taken focus.
 */
function FocusOnNavigation() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) return;
    window.scrollTo(0, 0);
    // The page may still be rendering its lazy chunk: try for a moment.
    let tries = 0;
    const timer = setInterval(() => {
      const heading = document.querySelector<HTMLElement>('h1');
      if (heading || ++tries > 40) clearInterval(timer);
      if (!heading || document.activeElement?.closest('.error-summary')) return;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }, 50);
    return () => clearInterval(timer);
  }, [pathname, hash]);
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
      <FocusOnNavigation />
      <Outlet />
      {loggedIn && <IdleTimeout onTimeout={onTimeout} />}
    </>
  );
}
