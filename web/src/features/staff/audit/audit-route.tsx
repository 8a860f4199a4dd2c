import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { auditQuery, staffRead } from '../api/queries';
import { AuditScreen, type AuditState } from './AuditScreen';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get('cursor');
  return staffRead(request, () => queryClient.fetchQuery(auditQuery(params.id ?? null, cursor)));
}

/** One application's access record (under it), or the office-wide one. */
export function Component() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const { data } = useQuery(auditQuery(id ?? null, params.get('cursor')));
  return <AuditScreen id={id} page={data} state={location.state as AuditState} search={location.search} />;
}
