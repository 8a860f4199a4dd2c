/**
 * Days on an institution's calendar as instants: a reply-by date ends, and an access-record
 * filter's day begins, at midnight on the institution's clock, not UTC's. In form/ so the
 * console shares it (web/src/features/staff/shared/format.ts schedules on the same clock).
 */

/** The day after `day` (both YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The instant `day` (YYYY-MM-DD) begins in `timeZone`. */
export function dayStartIn(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(midnight)) throw new Error(`not a date (YYYY-MM-DD): ${day}`);
  // The zone's offset at that moment, read twice: a change of clocks near midnight settles on the second read.
  let instant = midnight;
  for (let i = 0; i < 2; i++) instant = midnight - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** How far the zone's wall clock is ahead of UTC at `at` (negative west of Greenwich). */
export function offsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
