/**
 * The list's cycle, round and late filters as the console offers them (issue 37, item 7), and its
 * materials filter (issue 39). The list opens on the office's current cycle (form/office-cycle.ts),
 * so its address leaves the cycle out while it is that one; `cycle=all` is every cycle; any other
 * value a cycle's id.
 */
import { timetable } from '#form/institution-cycles';
import { officeCycle, roundsOf } from '#form/office-cycle';
import type { CompleteFilter, DuplicateFilter, LateFilter } from '#form/wire/staff';
import { ALL_CYCLES } from '../api/staff-api';
import type { SelectOption } from '../shared/SelectField';

/** The cycle the list shows when its address names none. */
export const defaultCycle = (now = new Date()): string => officeCycle(timetable, now)?.id ?? ALL_CYCLES;

/** Every configured cycle, the current one said so, after "All cycles". */
export function cycleOptions(now = new Date()): SelectOption[] {
  const current = defaultCycle(now);
  return [
    { value: ALL_CYCLES, label: 'All cycles' },
    ...timetable.cycles.map((c) => ({ value: c.id, label: c.id === current ? `${c.label} (current)` : c.label })),
  ];
}

/** The rounds the round filter offers: the chosen cycle's, or with every cycle each round once. */
export const roundOptions = (cycle: string): SelectOption[] =>
  roundsOf(timetable, cycle === ALL_CYCLES ? undefined : cycle).map((r) => ({ value: r.id, label: r.label }));

export const LATE_OPTIONS: readonly { value: LateFilter; label: string }[] = [
  { value: 'true', label: 'Late only' },
  { value: 'false', label: 'On time only' },
];

/** The list's materials filter (issue 39): every required material received or waived, or not. */
export const COMPLETE_OPTIONS: readonly { value: CompleteFilter; label: string }[] = [
  { value: 'true', label: 'Complete only' },
  { value: 'false', label: 'Incomplete only' },
];

/** The list's duplicates filter (issue 39): an open flag of a possible duplicate. */
export const DUPLICATE_OPTIONS: readonly { value: DuplicateFilter; label: string }[] = [{ value: 'flagged', label: 'Flagged only' }];

/** The cycle as the list's address says it, or undefined when it is the default one. */
export const addressCycle = (cycle: string | undefined, now = new Date()): string | undefined => (cycle && cycle !== defaultCycle(now) ? cycle : undefined);
