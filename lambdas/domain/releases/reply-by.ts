/**
 * The reply-by date of an offer. An application submitted in a round of the timetable (its
 * `placement`: cycle and round by id) takes its round's `replyBy`; one submitted before cycles
 * existed (no placement), or whose round is no longer in the timetable, takes the configured day
 * (`decisions.replyBy`). The deployment's DECISION_REPLY_BY, when set, replaces both (an operator's
 * override, and the tests' stack whose date has passed). Either way the day moves earlier when
 * the applicant's entry term begins on or before it: then the day before the term's first day
 * (form/terms.ts's termStartDay), so an offer never asks for a reply after its term has begun.
 * docs/decisions.md records the rule.
 */
import { dayBefore } from '#form/dates';
import { termStartDay } from '#form/terms';
import { cycleById } from '#form/timetable';
import type { CycleConfig } from '#form/types';
import type { Answers } from '../ports/answers';
import type { SubmittedPlacement } from '../ports/submissions';

/** Where an offer's reply-by day comes from. */
export interface ReplyBySettings {
  /** YYYY-MM-DD: the configured day (`decisions.replyBy`), for applications without a round. */
  replyBy?: string;
  /** YYYY-MM-DD: the deployment's DECISION_REPLY_BY, which replaces every offer's day. */
  replyByOverride?: string;
  /** The timetable's cycles, whose rounds carry their own reply-by days. */
  cycles?: readonly CycleConfig[];
}

/** `configured`, or the day before `termStarts` when that is not after it (both YYYY-MM-DD). */
export function replyByFor(configured: string | undefined, termStarts: string | undefined): string | undefined {
  if (!configured || !termStarts || termStarts > configured) return configured;
  return dayBefore(termStarts);
}

/** The round's day for a placed application, else the configured one (the override before either). */
function configuredReplyBy(settings: ReplyBySettings, placement: Pick<SubmittedPlacement, 'cycle' | 'round'> | undefined): string | undefined {
  if (settings.replyByOverride) return settings.replyByOverride;
  const cycle = placement && settings.cycles ? cycleById(settings.cycles, placement.cycle) : undefined;
  const round = cycle?.rounds.find((r) => r.id === placement?.round);
  return round?.replyBy ?? settings.replyBy;
}

/** The last day this application's offer may be answered, from its round (or the configured day) and its stored entry term. */
export function offerReplyBy(settings: ReplyBySettings, answers: Answers, placement?: Pick<SubmittedPlacement, 'cycle' | 'round'>): string | undefined {
  const term = typeof answers.entry_term === 'string' ? answers.entry_term.trim() : '';
  return replyByFor(configuredReplyBy(settings, placement), termStartDay(term));
}
