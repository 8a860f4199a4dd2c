import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReplyChoice } from '#form/wire/decision-words';
import type { ApplicantDecision } from '#form/wire/decisions';
import { call } from '#web/lib/api-client';
import { useSnapshot } from '#web/lib/session';

/** The applicant's decision: `pending` until the office releases it, then the letter and the reply. */
export const decisionQueryOptions = () =>
  queryOptions({
    queryKey: ['decision'],
    queryFn: ({ signal }) => call('readDecision', { signal }),
    // The section says nothing when it cannot read: a failure must not hint at a decision.
    meta: { inlineErrors: true },
    retry: false,
  });

export const useDecision = (enabled: boolean) => useQuery({ ...decisionQueryOptions(), enabled });

export type ReleasedDecision = Extract<ApplicantDecision, { status: 'released' }>;

/** The released decision the status page follows (one read, shared): undefined before a release and when the read fails. */
export function useReleasedDecision(): ReleasedDecision | undefined {
  const loggedIn = useSnapshot((s) => s.is_logged_in && !s.is_service_user);
  const { data } = useDecision(loggedIn);
  return data?.status === 'released' ? data : undefined;
}

/**
 * Where the application stands for the materials and the recommendations: `final` once an admit
 * or a denial is released (nothing more is needed), `open` for a released waitlist place or a
 * deferral (the application is considered again), `pending` before.
 */
export type DecisionStage = 'pending' | 'open' | 'final';
export const stageOf = (released: ReleasedDecision | undefined): DecisionStage =>
  !released ? 'pending' : released.decision === 'admit' || released.decision === 'deny' ? 'final' : 'open';

/** Once: a second reply, or one after the reply-by date, is a 409 in words. */
export const replyToDecision = (reply: ReplyChoice) => call('replyToDecision', { body: { reply } });
