import { lazy, Suspense } from 'react';
import { FullScreenSpinner } from '../components/Spinner';
import { accountLoader } from './loaders';
import { SignedInFrame } from './signed-in-frame';

// Its own chunk, imported from here and not from the route table, so the first load names none of its files.
const CloseAccountPage = lazy(() => import('../features/account').then((m) => ({ default: m.CloseAccountPage })));

/** Closing one's account needs a session (without one the sign-in comes first) and reads the profile: a submitted application changes the page. */
export const loader = accountLoader;

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
