import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { releasesQuery, sessionQuery, staffRead } from '../api/queries';

/*
 * The screen is a chunk of its own behind this route: the route table is in every applicant's
 * first load and lists each route module's static imports, so a route stays a thin loader.
 */
const load = () => import('./ReleasesScreen');
const ReleasesScreen = lazy(load);

/** An admin's (the server refuses the others with a 403 in words); the pending releases and the screen load together. */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffRead(request, async () => {
    const [, , releases] = await Promise.all([load(), queryClient.fetchQuery(sessionQuery()), queryClient.fetchQuery(releasesQuery())]);
    return releases;
  });
}

export function Component() {
  return (
    <Suspense fallback={null}>
      <ReleasesScreen />
    </Suspense>
  );
}
