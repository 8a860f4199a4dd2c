import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecommendationItem, RecommendationList, RecommenderRole } from '#form/wire/recommendations';
import { call } from '#web/lib/api-client';

export type { RecommendationItem, RecommendationList };

/** The applicant's recommenders, their states and the waiver as stored (never a letter). */
export const recommendationsQueryOptions = () =>
  queryOptions({
    queryKey: ['recommendations'],
    queryFn: ({ signal }) => call('listRecommendations', { signal }),
    // The section says itself when the list cannot be read.
    meta: { inlineErrors: true },
  });

export const useRecommendations = (enabled = true) => useQuery({ ...recommendationsQueryOptions(), enabled });

export interface InvitationValues {
  role: RecommenderRole;
  first_name: string;
  last_name: string;
  email: string;
}

export const inviteRecommender = (body: InvitationValues) => call('inviteRecommender', { body });
export const remindRecommender = (id: string) => call('remindRecommender', { path: { id } });
export const cancelRecommendation = (id: string) => call('cancelRecommendation', { path: { id } });
