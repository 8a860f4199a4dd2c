import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleaseSummary } from '#form/wire/decisions';
import { releasesQuery } from '../api/queries';
import { cancelRelease, scheduleRelease } from '../api/staff-api';

/** A release, now or at a time; the pending releases are read again after it. */
export function useScheduleRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff-release'],
    mutationFn: scheduleRelease,
    meta: { inlineErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: releasesQuery().queryKey }),
  });
}

/** Cancels a pending release; the pending releases are read again whatever the answer. */
export function useCancelRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff-release-cancel'],
    mutationFn: (r: ReleaseSummary) => cancelRelease(r.id),
    meta: { inlineErrors: true },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: releasesQuery().queryKey }),
  });
}
