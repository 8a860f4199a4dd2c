import { useEffect, useState } from 'react';
import { toIsoDate } from '../../../form/dates';

/**
 * The date a prerendered page was rendered with (the build's). The browser's first render uses
 * it too, so hydration meets the same HTML (deadline banners, the footer's year); right after,
 * each user of useToday moves on to the real date, which changes nothing on the same day.
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

export function useToday(): Date {
  const [today, setToday] = useState(() => (firstRenderDate ? localNoon(firstRenderDate) : new Date()));
  useEffect(() => {
    const now = new Date();
    setToday((shown) => (toIsoDate(shown) === toIsoDate(now) ? shown : now));
  }, []);
  return today;
}
