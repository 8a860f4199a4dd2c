import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { dashboardQuery, sessionQuery, staffRead } from '../api/queries';

// The screen and its charts are a chunk of their own behind this thin route (the route table is in every applicant's first load).
const load = () => import('./DashboardScreen');
const DashboardScreen = lazy(() => load().then((m) => ({ default: m.DashboardScreen })));

const cycleOf = (search: URLSearchParams): string => search.get('cycle') ?? '';

/** Deciders' and admins' (the server refuses a reader with a 403 in words): the cycle's numbers load with the screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffRead(request, async () => {
    await Promise.all([load(), queryClient.fetchQuery(sessionQuery()), queryClient.fetchQuery(dashboardQuery(cycleOf(new URL(request.url).searchParams)))]);
    return null;
  });
}

export function Component() {
  const [search] = useSearchParams();
  const { data } = useQuery(dashboardQuery(cycleOf(search)));
  return <Suspense>{data && <DashboardScreen dashboard={data} />}</Suspense>;
}
