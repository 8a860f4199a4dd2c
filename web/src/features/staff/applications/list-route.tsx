import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { isDecision, isOfficeReply } from '#form/wire/decision-words';
import { isOfficeStatus } from '#form/wire/office-status';
import { isCompleteFilter, isLateFilter, LIST_ORDERS, LIST_SORTS, type ListOrder, type ListSortBy } from '#form/wire/staff';
import { queryClient } from '#web/lib/query-client';
import { applicationsQuery, staffRead } from '../api/queries';
import { filterQuery } from '../api/staff-api';
import { ApplicationsScreen, type ListFilters } from './ApplicationsScreen';
import { defaultCycle } from './cycle-filters';

/**
 * The list's address holds its filters and page, so a filtered list can be bookmarked and shared;
 * without a cycle it shows the current one.
 */
function filtersOf(params: URLSearchParams): ListFilters {
  const status = params.get('status');
  const late = params.get('late');
  const complete = params.get('complete');
  const duplicate = params.get('duplicate');
  const decision = params.get('decision');
  const reply = params.get('reply');
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    term: params.get('term') ?? '',
    major: params.get('major') ?? '',
    q: params.get('q') ?? '',
    cycle: params.get('cycle') || defaultCycle(),
    round: params.get('round') ?? '',
    ...(isOfficeStatus(status) ? { status } : {}),
    ...(isLateFilter(late) ? { late } : {}),
    ...(isCompleteFilter(complete) ? { complete } : {}),
    ...(duplicate === 'flagged' ? { duplicate } : {}),
    ...(isDecision(decision) ? { decision } : {}),
    ...(isOfficeReply(reply) ? { reply } : {}),
    school: params.get('school') ?? '',
    state: params.get('state') ?? '',
    ...((LIST_SORTS as readonly (string | null)[]).includes(sort) ? { sort: sort as ListSortBy } : {}),
    ...((LIST_ORDERS as readonly (string | null)[]).includes(order) ? { order: order as ListOrder } : {}),
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
