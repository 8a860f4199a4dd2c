import { useMemo, useSyncExternalStore } from 'react';
import { toIsoDate } from '#form/dates';
import { isHydrating, subscribeToHydration } from './hydrated';

/**
 * The date a prerendered page was rendered with (the build's, from #root's data-render-date).
 * Hydration renders with it too (React reads the "server snapshot" while hydrating), so the HTML
 * matches (deadline banners, the footer's year); in the task after hydration's (lib/hydrated.ts),
 * React re-renders with today's date, which changes nothing on the same day. Any later render
 * reads today's date at once.
 */
let firstRenderDate: string | null = null;

export const setFirstRenderDate = (isoDate: string | null) => {
  firstRenderDate = isoDate && /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? isoDate : null;
};

/** Noon of an ISO date in local time: toIsoDate gives the same date back in any time zone. */
const localNoon = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
};

const todayIso = () => toIsoDate(new Date());
const renderedIso = () => firstRenderDate ?? todayIso();
// The same as the HTML's until hydration is over: React then finds no change to render at sync
// priority inside hydration's effects. A page is not kept open across midnight often enough to
// tick; the next render reads the new day.
const clientIso = () => (isHydrating() ? renderedIso() : todayIso());

export function useToday(): Date {
  const iso = useSyncExternalStore(subscribeToHydration, clientIso, renderedIso);
  return useMemo(() => localNoon(iso), [iso]);
}
