/** Announcements: which of the institution's time-boxed banners show at a given moment. */
import { toIsoDate } from './dates';
import type { DeadlineBanner } from './types';

/**
 * Whether `day` (YYYY-MM-DD) is in the window from (inclusive) until (exclusive): full dates, or
 * MM-DD for a window that comes back every year (one that runs over the new year wraps).
 */
export function inWindow(day: string, from: string, until: string): boolean {
  if (from.length === 10) return from <= day && day < until;
  const md = day.slice(5);
  return from <= until ? from <= md && md < until : md >= from || md < until;
}

/** Banners whose window holds `now`'s local date. */
export function activeBanners(banners: readonly DeadlineBanner[], now: Date = new Date()): DeadlineBanner[] {
  const today = toIsoDate(now);
  return banners.filter((b) => inWindow(today, b.from, b.until));
}
