import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '#form/wire/responses';
import { call } from './api-client';
import { queryClient } from './query-client';

export type Answers = Record<string, string>;
export type { Profile };

export const getProfile = (signal?: AbortSignal) => call('readProfile', { signal });

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    // Read by the loaders: a failure is a route error (the root error screen), not a toast as well.
    meta: { inlineErrors: true },
  });

/**
 * Starts the profile request as the entry script runs, before the router and React: the form's
 * loader then finds it in flight (ensureQueryData) instead of waiting for its own turn.
 */
export const prefetchProfile = () => void queryClient.prefetchQuery(profileQueryOptions());
