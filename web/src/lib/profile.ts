import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryClient } from './query-client';

export type Answers = Record<string, string>;

export interface Profile {
  answer: Answers;
  document_answer: Record<string, { file_key?: string; file_name?: string; file_size?: number }>;
  username: string;
  last_page: string | null;
  successful_login: string[];
  web_status: Array<{ web_status: string }>;
  /** ISO 8601 once submitted, else null. */
  submitted_at?: string | null;
  /** The application's reference, assigned by submit (null before). */
  reference?: string | null;
}

export const getProfile = (signal?: AbortSignal) => api.get<Profile>('/api/profile', signal);

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    // Read by the loaders: a failure is a route error (the root error screen), not a toast as well.
    meta: { inlineErrors: true },
  });

export const useProfile = (enabled = true) => useQuery({ ...profileQueryOptions(), enabled });

/**
 * Starts the profile request as the entry script runs, before the router and React: the form's
 * loader then finds it in flight (ensureQueryData) instead of waiting for its own turn.
 */
export const prefetchProfile = () => void queryClient.prefetchQuery(profileQueryOptions());
