/**
 * The round question on Final Steps (issue 37): the rounds of the current cycle that still accept
 * applications, at a given instant on the institution's clock. Asked only when there is a choice
 * to make (more than one open) or an agreement to sign (an early-decision round); with one open
 * round and nothing to agree to, the submission records that round itself.
 */
import { timetable } from './institution-cycles';
import { currentCycle, openRounds } from './timetable';
import type { AnswerOption, RoundConfig } from './types';

let cached: { second: number; rounds: readonly RoundConfig[] } | undefined;

/** The rounds open at `now` (the same list within a second: the form reads it on every render). */
export function roundsOpenAt(now: Date): readonly RoundConfig[] {
  const second = Math.floor(now.getTime() / 1000);
  if (cached?.second !== second) {
    const cycle = currentCycle(timetable.cycles, now, timetable.timeZone);
    cached = { second, rounds: cycle ? openRounds(cycle, now, timetable.timeZone) : [] };
  }
  return cached.rounds;
}

export const roundOptionsAt = (now: Date): readonly AnswerOption[] => roundsOpenAt(now).map((r) => ({ value: r.id, label: r.label }));

/** Whether the question is asked at `now`: a choice between rounds, or a binding round's agreement. */
export function roundQuestionAskedAt(now: Date): boolean {
  const open = roundsOpenAt(now);
  return open.length > 1 || open.some((r) => r.binding === true);
}

/** The ids of the rounds that bind, in any cycle: their agreement shows when one is chosen. */
export const BINDING_ROUND_IDS: readonly string[] = [...new Set(timetable.cycles.flatMap((c) => c.rounds.filter((r) => r.binding).map((r) => r.id)))];

/** A stored round no longer open, in words ("Early Action"). */
export const roundLabel = (id: string): string | undefined => timetable.cycles.flatMap((c) => c.rounds).find((r) => r.id === id)?.label;
