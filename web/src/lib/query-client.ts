import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './api-client';

type ErrorListener = (error: Error, title?: string) => void;
let showGeneralError: ErrorListener = () => {};
/** The toast system registers here: general query and mutation errors become an "Error" toast. */
export function setGeneralErrorHandler(listener: ErrorListener): void {
  showGeneralError = listener;
}

/**
 * Shows a general error as the "Error" toast, unless it is a lost session, which the API
 * client has already handled (cache cleared, /login with its message), or its query or mutation
 * shows its own errors. For work outside react-query too (a file delete, the automatic start).
 */
export function reportGeneralError(error: Error, meta?: { inlineErrors?: boolean }): void {
  if (isUnauthorized(error) || meta?.inlineErrors) return;
  showGeneralError(error);
}

/**
 * Queries and mutations whose errors are shown where they happen (auth cards, the PDF download,
 * the loaders' route error screen) set `meta: { inlineErrors: true }`.
 */
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { inlineErrors?: boolean };
    queryMeta: { inlineErrors?: boolean };
  }
}

/**
 * Defaults: no retry, infinite cache and stale time, no refetch on focus or mount.
 * Errors go to the "Error" toast, not the error screen: a failed read of the chosen tabs
 * must not replace the applicant's form with the error screen. Unauthorized errors are handled by
 * the API client already (cache cleared, /login), so they are never shown twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportGeneralError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => reportGeneralError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        gcTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
