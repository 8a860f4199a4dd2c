import '../api/endpoints';
import { queryOptions } from '@tanstack/react-query';
import type { InProgressQuery } from '#form/wire/in-progress';
import { call, urlOf } from '#web/lib/api-client';
import { STAFF_KEY } from '../api/queries';

/** The query string of the list's filters and page (the empty ones left out). */
export function inProgressSearch(query: InProgressQuery): string {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The CSV of every page (a plain link: the export answers with a redirect to the file). */
export const inProgressCsvUrl = ({ cycle, round }: InProgressQuery): string => urlOf('exportInProgressCsv', { query: { cycle, round } });

/** A page of the applications in progress: read once per visit (each read is recorded), like the applications list. */
export const inProgressQuery = (query: InProgressQuery) =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'in-progress', query.cycle ?? '', query.round ?? '', query.cursor ?? ''],
    queryFn: () => call('listInProgress', { query: Object.fromEntries(Object.entries(query).filter(([, v]) => v)) }),
    staleTime: 15_000,
    meta: { inlineErrors: true },
  });
