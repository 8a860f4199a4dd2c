import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { isOfficeStatus } from '#form/wire/office-status';
import { queryClient } from '#web/lib/query-client';
import { applicationsQuery, staffRead } from '../api/queries';
import { filterQuery } from '../api/staff-api';
import { ApplicationsScreen, type ListFilters } from './ApplicationsScreen';

/** The list's address holds its filters and page, so a filtered list can be bookmarked and shared. */
function filtersOf(params: URLSearchParams): ListFilters {
  const status = params.get('status');
  return {
    term: params.get('term') ?? '',
    major: params.get('major') ?? '',
    q: params.get('q') ?? '',
    ...(isOfficeStatus(status) ? { status } : {}),
    cursor: params.get('cursor'),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = filtersOf(new URL(request.url).searchParams);
  return staffRead(request, () => queryClient.fetchQuery(applicationsQuery(filters)));
}

/** Earlier pages' addresses, newest last: a cursor only goes forward, so "Previous" needs them. */
type ListState = { previous?: string[]; notice?: string } | null;

export function Component() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filters = filtersOf(params);
  const { data } = useQuery(applicationsQuery(filters));
  const state = location.state as ListState;
  return (
    <ApplicationsScreen
      filters={filters}
      page={data}
      previous={state?.previous ?? []}
      notice={state?.notice}
      search={location.search}
      onSearch={(chosen) => void navigate(`/staff/applications${filterQuery(chosen)}`)}
    />
  );
}
