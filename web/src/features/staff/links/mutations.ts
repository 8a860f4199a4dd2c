import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEMPORARY_LINKS_KEY } from '../api/queries';
import { createTemporaryLink, revokeTemporaryLink } from '../api/staff-api';

/** Issues a link; the links issued are read again after it. */
export function useIssueTemporaryLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff-temporary-link'],
    mutationFn: createTemporaryLink,
    meta: { inlineErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TEMPORARY_LINKS_KEY }),
  });
}

/** Ends a link at once; the links issued are read again whatever the answer. */
export function useRevokeTemporaryLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff-revoke-link'],
    mutationFn: revokeTemporaryLink,
    meta: { inlineErrors: true },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: TEMPORARY_LINKS_KEY }),
  });
}
