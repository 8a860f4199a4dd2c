import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSaveConflicts } from '../lib/answers-api';
import { useT } from '../lib/i18n';
import { forgetSession, saveThenLogout } from '../lib/logout';
import { idleLogoutMessage } from '../lib/messages';
import { paths } from '../lib/routes';
import { useSnapshot } from '../lib/session';
import { NavigationSpinner } from './navigation-spinner';

// Its own chunk (it names questions from the form model), loaded only when a save meets a conflict.
const SaveConflictDialog = lazy(() => import('../features/application/components/SaveConflictDialog'));
// Only a signed-in applicant has a session to time out: its timer and dialog load after sign-in,
// not with every first page (the initial JavaScript's budget).
const IdleTimeout = lazy(() => import('../features/idle').then((m) => ({ default: m.IdleTimeout })));

/** Calls `found` with the element once it exists: the page may still be rendering its lazy chunk. */
function whenElement(find: () => HTMLElement | null, found: (el: HTMLElement) => void): () => void {
  let tries = 0;
  const timer = setInterval(() => {
    const el = find();
    if (el || ++tries > 40) clearInterval(timer);
    if (el) found(el);
  }, 50);
  return () => clearInterval(timer);
}

/** Scrolls to the element named by the hash (error summary links: page#key) and focuses its field. */
function ScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    return whenElement(
      () => document.getElementById(id),
      (el) => {
        el.scrollIntoView({ block: 'center' });
        const focusable = el.matches('input,select,textarea,button') ? el : el.querySelector<HTMLElement>('input,select,textarea,button');
        focusable?.focus({ preventScroll: true });
      },
    );
  }, [hash, pathname]);
  return null;
}

/**
 * A page change inside the app starts where a full page load would: at the top, with focus on the
 * new page's heading, so a screen reader announces the page and the keyboard starts from it (the
 * button that was pressed is gone). Not on the first page, not for an address naming a field
 * (#key), and not when the error summary has taken focus.
 */
function FocusOnNavigation() {
  const { pathname, hash } = useLocation();
  // The path last seen, not a first-render flag: React's development double effects keep it right.
  const shown = useRef(pathname);
  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    if (hash) return;
    window.scrollTo(0, 0);
    return whenElement(
      () => document.querySelector<HTMLElement>('h1'),
      (heading) => {
        if (document.activeElement?.closest('.error-summary')) return;
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      },
    );
    // Only a change of page counts; a hash on the same page is ScrollToHash's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}

export function RootLayout() {
  const t = useT();
  const loggedIn = useSnapshot((s) => s.is_logged_in && !s.is_service_user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const conflicts = useSaveConflicts();
  const onTimeout = useCallback(() => {
    // The server-side logout (after saving what was typed) is best effort: the local session is
    // forgotten either way.
    // No one is there to choose between two values: an answer changed elsewhere stays as saved there.
    saveThenLogout({ onConflict: 'skip' }).catch(() => undefined);
    forgetSession(queryClient);
    void navigate(paths.login, { replace: true, state: { errorMessage: idleLogoutMessage() } });
  }, [navigate, queryClient]);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('shell.skipLink')}
      </a>
      <NavigationSpinner />
      <ScrollToHash />
      <FocusOnNavigation />
      <Outlet />
      {loggedIn && (
        <Suspense fallback={null}>
          <IdleTimeout onTimeout={onTimeout} />
        </Suspense>
      )}
      {conflicts && (
        <Suspense fallback={null}>
          <SaveConflictDialog />
        </Suspense>
      )}
    </>
  );
}
