/**
 * The installed institution's timetable (issue 37) and the clock it is written on: what the rules
 * (timetable.ts) and the banners (deadline-banners.ts) are given. A module of its own, like the
 * other institution-*.ts, so only the bundles that read the timetable carry it.
 */
import type { CycleConfig } from './types';

export const timetable: { readonly cycles: readonly CycleConfig[]; readonly timeZone: string } = {
  cycles: globalThis.__INSTITUTION__.cycles,
  timeZone: globalThis.__INSTITUTION__.identity.timeZone,
};
