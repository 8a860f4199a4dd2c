/**
 * Days on an institution's calendar as instants: a reply-by date ends, and an access-record
 * filter's day begins, at midnight on the institution's clock, not UTC's. In form/ so the
 * console shares it (web/src/features/staff/shared/format.ts schedules on the same clock).
 */

/** The day after `day` (both YYYY-MM-DD). */
export function nextDay(day: string): string {
  return addDays(day, 1);
}

/** The day `days` calendar days after `day` (both YYYY-MM-DD; negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The day (YYYY-MM-DD) it is at `at` on the clock of `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetMs(at, timeZone)).toISOString().slice(0, 10);
}

/** The instant `day` (YYYY-MM-DD) begins in `timeZone`. */
export function dayStartIn(day: string, timeZone: string): Date {
  return wallTimeIn(day, '00:00', timeZone);
}

/**
 * The instant the clock of `timeZone` reads `time` (HH:MM, 24-hour) on `day` (YYYY-MM-DD): a
 * deadline at 23:59 on the institution's clock. A time the clocks skip (02:30 on the day summer
 * time starts) is read on the summer clock, an hour early (01:30 on the winter one), and an hour
 * they repeat as its first occurrence: a deadline never falls later than its words.
 */
export function wallTimeIn(day: string, time: string, timeZone: string): Date {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new Error(`not a time of day (HH:MM): ${time}`);
  const wall = Date.parse(`${day}T${time}:00Z`);
  // Date.parse rolls 2027-02-30 over into March: the day must come back as written.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 10) !== day)
    throw new Error(`not a date (YYYY-MM-DD): ${day}`);
  // The zone's offset at that moment, read twice: a change of clocks near the time settles on the second read.
  let instant = wall;
  for (let i = 0; i < 2; i++) instant = wall - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

// One formatter per zone, kept: building an Intl.DateTimeFormat costs far more than using one
// (a profile of the dashboard's handler found half its own time here, issue 39 item 9).
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, clock);
  }
  return clock;
}

/** How far the zone's wall clock is ahead of UTC at `at` (negative west of Greenwich). */
export function offsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
