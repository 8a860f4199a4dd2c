import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { queueQuery, sessionQuery, staffRead } from '../api/queries';

/* The screen is a chunk of its own behind this thin route (the route table is in every applicant's first load). */
const load = () => import('./QueueScreen');
const QueueScreen = lazy(load);

/** Any role: the queue and the screen load together. */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffRead(request, async () => {
    const [, , queue] = await Promise.all([load(), queryClient.fetchQuery(sessionQuery()), queryClient.fetchQuery(queueQuery())]);
    return queue;
  });
}

export function Component() {
  const queue = useQuery(queueQuery());
  return (
    <Suspense fallback={null}>
      <QueueScreen queue={queue.data} readError={queue.error?.message} />
    </Suspense>
  );
}
