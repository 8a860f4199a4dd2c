/**
 * A deferral moves the application into the cycle's regular round (issue 37, item 4). The regular
 * round is the cycle's last round that is not binding (early decision binds; the round an
 * application deferred out of an early one is read with is the open, non-binding one, and the
 * last: its deadline comes after the others'). An application in a round before it moves; one in
 * it, or after it (a late binding round), stays where it is. docs/decisions.md records the choice.
 */
import { cycleById } from '#form/timetable';
import type { CycleConfig, RoundConfig } from '#form/types';
import type { SubmittedPlacement } from '../ports/submissions';

/** The cycle's regular round: its last non-binding one (none when every round binds). */
export function regularRound(cycle: CycleConfig): RoundConfig | undefined {
  return [...cycle.rounds].reverse().find((r) => !r.binding);
}

/** Where a deferral moves the application, or undefined when it stays (already in the regular round or after it, or its round is gone). */
export function deferralMove(cycles: readonly CycleConfig[], placement: SubmittedPlacement | undefined): { from: RoundConfig; to: RoundConfig } | undefined {
  const cycle = placement ? cycleById(cycles, placement.cycle) : undefined;
  if (!cycle || !placement) return undefined;
  const to = regularRound(cycle);
  const at = cycle.rounds.findIndex((r) => r.id === placement.round);
  if (!to || at < 0 || at >= cycle.rounds.indexOf(to)) return undefined;
  return { from: cycle.rounds[at]!, to };
}
