import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './api-client';

type ErrorListener = (error: Error, title?: string) => void;
let showMutationError: ErrorListener = () => {};
/** The toast system registers here: general mutation errors become an "Error" toast (000 §8). */
export function setMutationErrorHandler(listener: ErrorListener): void {
  showMutationError = listener;
}

/** Mutations that show their own errors inline (auth cards) set `meta: { inlineErrors: true }`. */
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { inlineErrors?: boolean };
  }
}

/**
 * 000 §7 defaults: no retry, infinite cache and stale time, no refetch on focus or mount,
 * query errors to the error boundary. Unauthorized errors are handled by the API client
 * already (cache cleared, /login), so they are never shown twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache(),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (isUnauthorized(error) || mutation.meta?.inlineErrors) return;
        showMutationError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        gcTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        throwOnError: (error) => !isUnauthorized(error),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
