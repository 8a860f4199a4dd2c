import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { auditQuery, staffRead } from '../api/queries';
import type { TrailFilters } from '../api/staff-api';
import { AuditScreen, TRAIL_FILTERS, type AuditState } from './AuditScreen';

/** The office-wide trail's filters in the address (the empty ones left out); an application's record has none. */
function filtersOf(params: URLSearchParams, application: string | undefined): TrailFilters {
  if (application) return {};
  return Object.fromEntries(TRAIL_FILTERS.flatMap((k) => (params.get(k)?.trim() ? [[k, params.get(k)!.trim()]] : [])));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  return staffRead(request, () => queryClient.fetchQuery(auditQuery(params.id ?? null, search.get('cursor'), filtersOf(search, params.id))));
}

/** One application's access record (under it), or the office-wide one. */
export function Component() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const filters = filtersOf(params, id);
  const { data } = useQuery(auditQuery(id ?? null, params.get('cursor'), filters));
  return <AuditScreen id={id} filters={filters} page={data} state={location.state as AuditState} search={location.search} />;
}
