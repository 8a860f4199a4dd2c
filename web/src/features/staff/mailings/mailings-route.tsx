import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { sessionQuery, staffRead } from '../api/queries';
import { mailingsQuery } from './mailings-api';

/* The screen is a chunk of its own behind this route: the route table is in every applicant's first load. */
const load = () => import('./MailingsScreen');
const MailingsScreen = lazy(load);

/** A decider's or an admin's (the server refuses a reader with a 403 in words); the mailings and the screen load together. */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffRead(request, async () => {
    const [, , mailings] = await Promise.all([load(), queryClient.fetchQuery(sessionQuery()), queryClient.fetchQuery(mailingsQuery())]);
    return mailings;
  });
}

export function Component() {
  const mailings = useQuery(mailingsQuery());
  return (
    <Suspense fallback={null}>
      <MailingsScreen mailings={mailings.data?.mailings ?? []} readError={mailings.error?.message} />
    </Suspense>
  );
}
