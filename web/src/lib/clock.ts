import { useMemo, useSyncExternalStore } from 'react';

/** The minute of the browser's clock, looked at every 15 seconds. */
const minuteNow = () => Math.floor(Date.now() / 60_000);
const everyFewSeconds = (onTick: () => void) => {
  const tick = setInterval(onTick, 15_000);
  return () => clearInterval(tick);
};

/**
 * The browser's clock to the minute, once the page is the app's: none while a prerendered page is
 * rendered and hydrated (its HTML bakes no moment in and has no timetable banner, so hydration
 * matches); then it moves on while the page stays open, so a banner turns urgent on time.
 */
export function useClock(): Date | undefined {
  const minute = useSyncExternalStore(everyFewSeconds, minuteNow, () => null);
  return useMemo(() => (minute === null ? undefined : new Date(minute * 60_000)), [minute]);
}
