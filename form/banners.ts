/** Deadline banners: which of the institution's time-boxed alerts show at a given moment. */
import { toIsoDate } from './dates';
import type { DeadlineBanner, InstitutionConfig } from './types';

/** Banners whose window holds `now`'s local date: from (inclusive) until (exclusive). */
export function activeBanners(config: InstitutionConfig, now: Date = new Date()): DeadlineBanner[] {
  const today = toIsoDate(now);
  return config.deadlineBanners.filter((b) => b.from <= today && today < b.until);
}
