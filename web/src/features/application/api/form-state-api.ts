import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type CallArgs } from '#web/lib/api-client';

/** Tabs: GET map of tab group → chosen tab; PUT one choice. Logged-in only. */
export const getTabs = () => call('readTabs');
export const tabsQueryOptions = () => queryOptions({ queryKey: ['tabs'], queryFn: getTabs });
export const useTabs = (enabled: boolean) => useQuery({ ...tabsQueryOptions(), enabled });
export const putTab = (body: CallArgs<'saveTab'>['body']) => call('saveTab', { body });
export function useChooseTab() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: putTab,
    meta: { inlineErrors: true },
    onSuccess: (_r, v) => qc.setQueryData(tabsQueryOptions().queryKey, (old) => ({ ...(old ?? {}), [v.tab_id]: v.chosen_tab })),
  });
}

/** Add-another counts: GET map of button → count (default 1); PUT one count. */
export const getAddAnother = () => call('readAddAnother');
export const addAnotherQueryOptions = () => queryOptions({ queryKey: ['add-another'], queryFn: getAddAnother });
export const useAddAnotherCounts = (enabled: boolean) => useQuery({ ...addAnotherQueryOptions(), enabled });
export const putAddAnother = (body: CallArgs<'saveAddAnother'>['body']) => call('saveAddAnother', { body });
export function useSetAddAnother() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: putAddAnother,
    meta: { inlineErrors: true },
    onSuccess: (_r, v) => qc.setQueryData(addAnotherQueryOptions().queryKey, (old) => ({ ...(old ?? {}), [v.button_id]: v.num_components })),
  });
}
