import { useQuery } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { InProgressQuery } from '#form/wire/in-progress';
import { queryClient } from '#web/lib/query-client';
import { staffRead } from '../api/queries';
import { inProgressQuery } from './in-progress-api';
import { InProgressScreen } from './InProgressScreen';

/** The list's filters and page from the address (the empty ones left out). */
function queryOf(params: URLSearchParams): InProgressQuery {
  return Object.fromEntries((['cycle', 'round', 'cursor'] as const).flatMap((k) => (params.get(k)?.trim() ? [[k, params.get(k)!.trim()]] : [])));
}

export async function loader({ request }: LoaderFunctionArgs) {
  return staffRead(request, () => queryClient.fetchQuery(inProgressQuery(queryOf(new URL(request.url).searchParams))));
}

/** Any role's list of applications started and not submitted (GET /staff/api/in-progress). */
export function Component() {
  const [params] = useSearchParams();
  const query = queryOf(params);
  const { data } = useQuery(inProgressQuery(query));
  return <InProgressScreen query={query} page={data} />;
}
