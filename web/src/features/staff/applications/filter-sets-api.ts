import '../api/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, type CallArgs } from '#web/lib/api-client';
import { STAFF_KEY } from '../api/queries';
import { useStaffWrite } from '../api/write';

/** The saved filter sets (one's own and the shared ones): read with the list, and again after each change. */
export const filterSetsQuery = () =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'filter-sets'],
    queryFn: () => call('listFilterSets'),
    staleTime: 15_000,
    meta: { inlineErrors: true },
  });

export const useSaveFilterSet = () =>
  useStaffWrite(['staff-filter-set-save'], (body: CallArgs<'saveFilterSet'>['body']) => call('saveFilterSet', { body }), {
    reread: filterSetsQuery().queryKey,
  });

export const useChangeFilterSet = (setId: string) =>
  useStaffWrite(['staff-filter-set-change', setId], (body: CallArgs<'changeFilterSet'>['body']) => call('changeFilterSet', { path: { setId }, body }), {
    reread: filterSetsQuery().queryKey,
  });

export const useDeleteFilterSet = (setId: string) =>
  useStaffWrite(['staff-filter-set-delete', setId], () => call('deleteFilterSet', { path: { setId } }), {
    reread: filterSetsQuery().queryKey,
    rereadOnError: true,
  });
