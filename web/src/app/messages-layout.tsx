import { lazy, Suspense } from 'react';
import { FullScreenSpinner } from '../components/Spinner';
import { accountLoader } from './loaders';
import { SignedInFrame } from './signed-in-frame';

// Its own chunk, imported from here and not from the route table, so the first load names none of its files.
const MessagesPage = lazy(() => import('../features/completion').then((m) => ({ default: m.MessagesPage })));

/** The messages need a session (without one the sign-in comes first). */
export const loader = accountLoader;

/** /account/messages: the status page's frame around the applicant's messages, submitted or not. */
export function Component() {
  return (
    <SignedInFrame>
      <Suspense fallback={<FullScreenSpinner />}>
        <MessagesPage />
      </Suspense>
    </SignedInFrame>
  );
}
