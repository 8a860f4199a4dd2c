import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATIONS_KEY, applicationQuery } from '../api/queries';
import { recordDecision, recordDecisions, saveReview } from '../api/staff-api';

/*
 * After a write the screen reads again: the state changed, so the one read per visit is a read of
 * the new state. Not awaited: the form says what it did while the new state comes.
 */

/** The member's own review of the application (added or revised). */
export function useSaveReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff-review', id],
    mutationFn: (body: Parameters<typeof saveReview>[1]) => saveReview(id, body),
    meta: { inlineErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: applicationQuery(id).queryKey }),
  });
}

/** The application's decision, staged (or changed, released, by an admin with a reason). */
export function useRecordDecision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff-decision', id],
    mutationFn: (body: Parameters<typeof recordDecision>[1]) => recordDecision(id, body),
    meta: { inlineErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: applicationQuery(id).queryKey }),
  });
}

/** One decision for the applications selected in the list, all or nothing. */
export function useRecordDecisions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff-decisions'],
    mutationFn: recordDecisions,
    meta: { inlineErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY }),
  });
}
