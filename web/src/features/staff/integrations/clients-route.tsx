import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { sessionQuery, sisClientsQuery, staffRead } from '../api/queries';

// A chunk of its own behind a thin loader, as Settings (only an admin ever opens it).
const load = () => import('./ClientsScreen');
const ClientsScreen = lazy(load);

/** An admin's (the server refuses the others with a 403 in words): the clients load with the screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffRead(request, async () => {
    await Promise.all([load(), queryClient.fetchQuery(sessionQuery()), queryClient.fetchQuery(sisClientsQuery())]);
    return null;
  });
}

export function Component() {
  const { data } = useQuery(sisClientsQuery());
  return <Suspense>{data && <ClientsScreen reply={data} />}</Suspense>;
}
