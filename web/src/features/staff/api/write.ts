import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

interface WriteEffects<TData> {
  /**
   * Read again after the write: the state changed, so the one read per visit is a read of the new
   * state. Not awaited: the form says what it did while the new state comes.
   */
  reread?: QueryKey;
  /** Read again whatever the answer (a refused cancel or revoke may mean it had already gone). */
  rereadOnError?: boolean;
  /** What the write makes wrong to keep (e.g. an erased application): forgotten, not read again. */
  forget?: (data: TData) => readonly QueryKey[];
}

/**
 * A staff write, as every capability's mutations.ts declares it: its refusal shows in the form
 * that sent it (not as a general error), and it says what it changes in the cache.
 */
export function useStaffWrite<TData, TVariables = void>(
  mutationKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
  { reread, rereadOnError = false, forget }: WriteEffects<TData> = {},
) {
  const queryClient = useQueryClient();
  const readAgain = () => {
    if (reread) void queryClient.invalidateQueries({ queryKey: reread });
  };
  return useMutation({
    mutationKey,
    mutationFn,
    meta: { inlineErrors: true },
    onSuccess: (data) => {
      for (const queryKey of forget?.(data) ?? []) queryClient.removeQueries({ queryKey });
      readAgain();
    },
    onError: () => {
      if (rereadOnError) readAgain();
    },
  });
}
