import { lazy, Suspense } from 'react';
import { redirect } from 'react-router-dom';
import { FullScreenSpinner } from '../components/Spinner';
import { hasSessionCookie } from '../lib/cookies';
import { paths } from '../lib/routes';
import { SignedInFrame } from './signed-in-frame';

// Its own chunk, imported from here and not from the route table, so the first load names none of its files.
const CloseAccountPage = lazy(() => import('../features/account').then((m) => ({ default: m.CloseAccountPage })));

/** Closing one's account needs a session; without one the sign-in comes first. */
export function loader(): Response | null {
  return hasSessionCookie() ? null : redirect(paths.login);
}

/** /account/close: the status page's frame around the close-account page. */
export function Component() {
  return (
    <SignedInFrame>
      <Suspense fallback={<FullScreenSpinner />}>
        <CloseAccountPage />
      </Suspense>
    </SignedInFrame>
  );
}
