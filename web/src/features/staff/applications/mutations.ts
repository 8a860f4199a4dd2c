import '../api/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type CallArgs } from '#web/lib/api-client';
import { APPLICATIONS_KEY, applicationQuery } from '../api/queries';

/** An admin erases an application: the list and the application read before are forgotten. */
export function useEraseApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff-erase', id],
    mutationFn: (body: CallArgs<'eraseApplication'>['body']) => call('eraseApplication', { path: { id }, body }),
    meta: { inlineErrors: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: APPLICATIONS_KEY });
      queryClient.removeQueries({ queryKey: applicationQuery(id).queryKey });
    },
  });
}
