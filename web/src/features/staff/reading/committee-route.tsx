import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { committeeQuery, sessionQuery, staffRead } from '../api/queries';

const load = () => import('./CommitteeScreen');
const CommitteeScreen = lazy(load);

/** Deciders and admins (the server refuses readers with a 403 in words). */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffRead(request, async () => {
    const [, , committee] = await Promise.all([load(), queryClient.fetchQuery(sessionQuery()), queryClient.fetchQuery(committeeQuery())]);
    return committee;
  });
}

export function Component() {
  const committee = useQuery(committeeQuery());
  return (
    <Suspense fallback={null}>
      <CommitteeScreen list={committee.data} readError={committee.error?.message} />
    </Suspense>
  );
}
