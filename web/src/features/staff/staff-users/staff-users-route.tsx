import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { sessionQuery, staffRead, staffUsersQuery } from '../api/queries';

// The screen is a chunk of its own behind this thin route (the route table is in every applicant's first load).
const load = () => import('./StaffUsersScreen');
const StaffUsersScreen = lazy(() => load().then((m) => ({ default: m.StaffUsersScreen })));

/** An admin's (the server refuses the others with a 403 in words): the staff users load with the screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffRead(request, async () => {
    await Promise.all([load(), queryClient.fetchQuery(sessionQuery()), queryClient.fetchQuery(staffUsersQuery())]);
    return null;
  });
}

export function Component() {
  const { data: list } = useQuery(staffUsersQuery());
  const { data: session } = useQuery(sessionQuery());
  return (
    <Suspense>
      <StaffUsersScreen list={list} me={session?.email} />
    </Suspense>
  );
}
