import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReplyChoice } from '#form/wire/decisions';
import { call } from '#web/lib/api-client';

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

/** Once: a second reply, or one after the reply-by date, is a 409 in words. */
export const replyToDecision = (reply: ReplyChoice) => call('replyToDecision', { body: { reply } });
