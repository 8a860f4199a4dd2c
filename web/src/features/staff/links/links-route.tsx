import { useQuery } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { sessionQuery, staffRead, temporaryLinksQuery } from '../api/queries';
import { LinksScreen } from './LinksScreen';

/** Only for a signed-in member of staff (without a session, to the sign-in first); then the links issued. */
export async function loader({ request }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get('cursor');
  return staffRead(request, async () => {
    await queryClient.fetchQuery(sessionQuery());
    return queryClient.fetchQuery(temporaryLinksQuery(cursor));
  });
}

export function Component() {
  const [params] = useSearchParams();
  const { data } = useQuery(temporaryLinksQuery(params.get('cursor')));
  return <LinksScreen page={data} />;
}
