/**
 * The cycle the admissions office works in unless it chooses another (issue 37, item 7): the
 * current one, that is the latest opened; before any has opened, the first configured. The
 * console's list opens on it and the reader's queue offers from it. Pure: the moment is passed in.
 */
import type { Timetable } from './institution-cycles';
import { currentCycle } from './timetable';
import type { CycleConfig, RoundConfig } from './types';

export function officeCycle(t: Timetable, now: Date): CycleConfig | undefined {
  return currentCycle(t.cycles, now, t.timeZone) ?? t.cycles[0];
}

/** The rounds of one cycle, or without one each round id of any cycle once (its first cycle's label). */
export function roundsOf(t: Timetable, cycleId: string | undefined): RoundConfig[] {
  const cycles = cycleId ? t.cycles.filter((c) => c.id === cycleId) : t.cycles;
  const rounds = new Map<string, RoundConfig>();
  for (const round of cycles.flatMap((c) => c.rounds)) if (!rounds.has(round.id)) rounds.set(round.id, round);
  return [...rounds.values()];
}
