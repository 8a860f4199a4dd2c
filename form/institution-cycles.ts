/**
 * The institution's timetable (issue 37): its cycles and the clock they run on, read once from the
 * configuration's `cycles` section (see form/institution.ts). In a module of its own so the save
 * and submit routes carry the timetable without the rest of the institution's sections.
 */
import type { CycleConfig } from './types';

export interface Timetable {
  readonly cycles: readonly CycleConfig[];
  /** IANA zone of the institution's clock: deadlines are wall-clock times there. */
  readonly timeZone: string;
}

export const timetable: Timetable = {
  cycles: globalThis.__INSTITUTION__.cycles,
  timeZone: globalThis.__INSTITUTION__.identity.timeZone,
};
