/**
 * Whether an application can be written to at an instant, in words (issue 37): before its cycle
 * opens and after its last round closes it is read-only. The server refuses writes with these
 * words (lambdas/domain/cycles/application-window.ts); the form's pages say them and turn
 * read-only on the browser's clock.
 */
import type { Timetable } from './institution-cycles';
import { currentCycle, cycleById, cycleClosed, instantInWords, nextCycle, roundLastAccepted } from './timetable';
import type { CycleConfig } from './types';

/** "August 1, 2026": a calendar day as written, whatever the clock. */
function dayInWords(day: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * Why nothing can be written to an application right now, in words; undefined while its cycle is
 * open. `applicationCycle`: the cycle the application belongs to (an account holds one per cycle);
 * without it, the current cycle's.
 */
export function closedForWriting(t: Timetable, now: Date, applicationCycle?: string): string | undefined {
  const current = currentCycle(t.cycles, now, t.timeZone);
  const own = applicationCycle === undefined ? undefined : cycleById(t.cycles, applicationCycle);
  const cycle = own && (!current || t.cycles.indexOf(own) <= t.cycles.indexOf(current)) ? own : current;
  if (!cycle) {
    const next = nextCycle(t.cycles, now, t.timeZone);
    return next
      ? `Applications for ${next.label} open on ${dayInWords(next.opens)}. You can make your account now; your answers can be saved from that day.`
      : 'The application is not open.';
  }
  if (!cycleClosed(cycle, now, t.timeZone)) return undefined;
  const closedAt = instantInWords(lastAcceptedOf(cycle, t.timeZone), t.timeZone);
  if (current && current.id !== cycle.id)
    return `The ${cycle.label} application closed on ${closedAt}. It is kept as it was and can no longer be changed. Start your ${current.label} application to apply again.`;
  const next = nextCycle(t.cycles, now, t.timeZone);
  return (
    `The ${cycle.label} application closed on ${closedAt}. Your answers are kept, but they can no longer be changed or submitted.` +
    (next ? ` Applications for ${next.label} open on ${dayInWords(next.opens)}.` : '')
  );
}

function lastAcceptedOf(cycle: CycleConfig, timeZone: string): Date {
  return new Date(Math.max(...cycle.rounds.map((r) => roundLastAccepted(r, timeZone).getTime())));
}
