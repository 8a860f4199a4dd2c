/**
 * The reply-by date of an offer: the configured day (`decisions.replyBy`, or the deployment's
 * DECISION_REPLY_BY), or earlier when the applicant's entry term begins on or before it: then the
 * day before the term's first day (form/terms.ts's termStartDay), so an offer never asks for a
 * reply after its term has begun. Until admission cycles carry their own dates the configured day
 * is one for every term; the configuration's check (form/policy-checks.ts) names the terms it
 * moves. docs/decisions.md records the rule.
 */
import { dayBefore } from '#form/dates';
import { termStartDay } from '#form/terms';
import type { Answers } from '../ports/answers';

/** `configured`, or the day before `termStarts` when that is not after it (both YYYY-MM-DD). */
export function replyByFor(configured: string | undefined, termStarts: string | undefined): string | undefined {
  if (!configured || !termStarts || termStarts > configured) return configured;
  return dayBefore(termStarts);
}

/** The last day this application's offer may be answered, from its stored entry term. */
export function offerReplyBy(settings: { replyBy?: string }, answers: Answers): string | undefined {
  const term = typeof answers.entry_term === 'string' ? answers.entry_term.trim() : '';
  return replyByFor(settings.replyBy, termStartDay(term));
}
