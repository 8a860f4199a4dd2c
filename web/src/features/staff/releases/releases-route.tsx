import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { releasesQuery, sessionQuery, staffRead } from '../api/queries';
import type { CarriedSelection } from './ReleasesScreen';

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

/** The rows the list sent here ("Release N selected"), in its navigation state. */
function carriedSelection(state: unknown): CarriedSelection | null {
  const s = state as Partial<CarriedSelection> | null;
  return Array.isArray(s?.ids) && Array.isArray(s.names) && s.ids.length > 0 ? { ids: s.ids, names: s.names } : null;
}

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const releases = useQuery(releasesQuery());
  return (
    <Suspense fallback={null}>
      <ReleasesScreen
        releases={releases.data?.items ?? []}
        decided={releases.data?.decided}
        readError={releases.error?.message}
        carried={carriedSelection(location.state)}
        onSelectionSent={() => void navigate(location.pathname, { replace: true, state: null })}
      />
    </Suspense>
  );
}
