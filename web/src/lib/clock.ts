import { useMemo, useSyncExternalStore } from 'react';
import { isHydrating, subscribeToHydration } from './hydrated';

/** The minute of the browser's clock, looked at every 15 seconds; none while hydrating. */
const minuteNow = () => (isHydrating() ? null : Math.floor(Date.now() / 60_000));
const everyFewSeconds = (onTick: () => void) => {
  const tick = setInterval(onTick, 15_000);
  const stop = subscribeToHydration(onTick);
  return () => {
    clearInterval(tick);
    stop();
  };
};

/**
 * The browser's clock to the minute, once the page is the app's: none while a prerendered page is
 * rendered and hydrated (its HTML bakes no moment in and has no timetable banner, so hydration
 * matches), read in the task after hydration's (lib/hydrated.ts); then it moves on while the page
 * stays open, so a banner turns urgent on time.
 */
export function useClock(): Date | undefined {
  const minute = useSyncExternalStore(everyFewSeconds, minuteNow, () => null);
  return useMemo(() => (minute === null ? undefined : new Date(minute * 60_000)), [minute]);
}
