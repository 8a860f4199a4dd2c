/**
 * The office sees the cycle (issue 37, item 7): which cycle, round and lateness an application
 * has as the office reads them, the list's and the exports' filters on them, and the cycle the
 * reader's queue works in. An application submitted before cycles existed carries no placement:
 * it belongs to the first configured cycle, in no round, on time.
 */
import type { OfficePlacement } from '#form/contract';
import type { Timetable } from '#form/institution-cycles';
import { officeCycle, roundsOf } from '#form/office-cycle';
import { cycleById, deadlineInWords } from '#form/timetable';
import type { CycleConfig } from '#form/types';
import type { ApplicationFilters } from '#form/wire/staff';
import { Invalid } from '../errors';
import type { CycleChoice, SubmissionFilters, SubmittedPlacement } from '../ports/submissions';

/** The first configured cycle: the one applications from before cycles belong to. */
const firstCycle = (t: Timetable): CycleConfig | undefined => t.cycles[0];

/** The placement as the office reads it (ids as stored, labels from the timetable); an application without one is the first cycle's. */
export function officePlacement(t: Timetable, placement: SubmittedPlacement | undefined): OfficePlacement {
  const cycleId = placement?.cycle ?? firstCycle(t)?.id ?? '';
  const cycle = cycleById(t.cycles, cycleId);
  const round = placement ? cycle?.rounds.find((r) => r.id === placement.round) : undefined;
  return {
    cycle: cycleId,
    // A cycle or round since removed from the file keeps its id as its name.
    cycle_label: cycle?.label ?? cycleId,
    round: placement?.round ?? '',
    round_label: round?.label ?? placement?.round ?? '',
    late: placement?.late ?? false,
  };
}

/** What "late" means for this application, in words for the office; undefined when it came on time. */
export function lateInWords(t: Timetable, placement: SubmittedPlacement | undefined): string | undefined {
  if (!placement?.late) return undefined;
  const round = cycleById(t.cycles, placement.cycle)?.rounds.find((r) => r.id === placement.round);
  if (!round) return 'Submitted after its round’s deadline, inside the late window: accepted and marked late.';
  const days = round.lateDays ? ` of ${round.lateDays} ${round.lateDays === 1 ? 'day' : 'days'}` : '';
  return `Submitted after the ${round.label} deadline (${deadlineInWords(round, t.timeZone)}), inside its late window${days}: accepted and marked late.`;
}

/** A configured cycle by id as the index selects it; a 400 in words for any other. */
function cycleChoice(t: Timetable, id: string): CycleChoice {
  const cycle = cycleById(t.cycles, id);
  if (!cycle) throw new Invalid(`There is no cycle “${id}”: the cycles are ${t.cycles.map((c) => `${c.id} (${c.label})`).join(', ')}.`);
  return { id: cycle.id, withUnplaced: cycle.id === firstCycle(t)?.id };
}

/** The round filter: one of the cycle's rounds, or without a cycle one of any cycle's; a 400 in words otherwise. */
function roundChoice(t: Timetable, round: string, cycleId: string | undefined): string {
  const rounds = roundsOf(t, cycleId);
  if (rounds.some((r) => r.id === round)) return round;
  const known = rounds.map((r) => `${r.id} (${r.label})`).join(', ');
  const where = cycleId ? `in the cycle ${cycleById(t.cycles, cycleId)?.label ?? cycleId}` : 'in any cycle';
  throw new Invalid(`There is no round “${round}” ${where}: the rounds are ${known}.`);
}

/** The list's and the exports' filters as the index applies them, the cycle and round checked against the timetable. */
export function officeFilters(t: Timetable, filters: ApplicationFilters): SubmissionFilters {
  const { cycle, round, late, complete, duplicate, ...rest } = filters;
  return {
    ...rest,
    ...(cycle ? { cycle: cycleChoice(t, cycle) } : {}),
    ...(round ? { round: roundChoice(t, round, cycle) } : {}),
    ...(late ? { late: late === 'true' } : {}),
    ...(complete ? { complete: complete === 'true' } : {}),
    ...(duplicate ? { duplicate: true } : {}),
  };
}

/** The cycle the reader's queue offers from: the one chosen, else the office's default. */
export function queueCycle(t: Timetable, chosen: string | undefined, now: Date): CycleChoice {
  const id = chosen ?? officeCycle(t, now)?.id;
  if (!id) throw new Invalid('No admission cycle is configured.');
  return cycleChoice(t, id);
}
