/**
 * Whether an application can be written to at an instant, in words (issue 37): before its cycle
 * opens and after its last round closes it is read-only. The server refuses writes with these
 * words (lambdas/domain/cycles/application-window.ts); the form's pages say them and turn
 * read-only on the browser's clock. Said in the reader's language (issue 41): the catalog's
 * `server.window.…` messages (compiled into the form part too: both say `server.${id}`), the dates through Intl in it, the
 * institution's labels as its texts give them in it.
 */
import type { Timetable } from './institution-cycles';
import { calendarDayInWords, currentCycle, cycleById, cycleClosed, instantInWords, nextCycle, roundLastAccepted, type Wording } from './timetable';
import type { CycleConfig } from './types';

/** Why nothing can be written: which message, and what it names (labels as written, instants, calendar days). */
export type ClosedWindow =
  | { id: 'window.opensOn'; cycle: string; day: string }
  | { id: 'window.notOpen' }
  | { id: 'window.closedKept'; cycle: string; closedAt: Date; current: string }
  | { id: 'window.closed'; cycle: string; closedAt: Date }
  | { id: 'window.closedNext'; cycle: string; closedAt: Date; next: string; day: string };

/**
 * Why nothing can be written to an application right now; undefined while its cycle is open.
 * `applicationCycle`: the cycle the application belongs to (an account holds one per cycle);
 * without it, the current cycle's.
 */
export function closedWindow(t: Timetable, now: Date, applicationCycle?: string): ClosedWindow | undefined {
  const current = currentCycle(t.cycles, now, t.timeZone);
  const own = applicationCycle === undefined ? undefined : cycleById(t.cycles, applicationCycle);
  const cycle = own && (!current || t.cycles.indexOf(own) <= t.cycles.indexOf(current)) ? own : current;
  if (!cycle) {
    const next = nextCycle(t.cycles, now, t.timeZone);
    return next ? { id: 'window.opensOn', cycle: next.label, day: next.opens } : { id: 'window.notOpen' };
  }
  if (!cycleClosed(cycle, now, t.timeZone)) return undefined;
  const closedAt = lastAcceptedOf(cycle, t.timeZone);
  if (current && current.id !== cycle.id) return { id: 'window.closedKept', cycle: cycle.label, closedAt, current: current.label };
  const next = nextCycle(t.cycles, now, t.timeZone);
  return next
    ? { id: 'window.closedNext', cycle: cycle.label, closedAt, next: next.label, day: next.opens }
    : { id: 'window.closed', cycle: cycle.label, closedAt };
}

/**
 * A page's wording of the window: the catalog holds these sentences once, under the server's ids
 * (`server.window.…`, compiled into the form part too: form/i18n/parts.ts), which the server's
 * wording (form/i18n/server-words.ts) reaches by the same prefix.
 */
export const pageWindowWording = (w: Wording): Wording => ({ ...w, say: (id, values) => w.say(`server.${id}`, values) });

/** A closed window in `w`'s words, its instants on the clock of `timeZone` (the institution's). */
export function windowInWords(closed: ClosedWindow, timeZone: string, w: Wording): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(closed))
    if (name === 'closedAt') values.when = instantInWords(value as Date, timeZone, w.language);
    else if (name === 'day') values.day = calendarDayInWords(value as string, w.language);
    else if (name !== 'id') values[name] = w.label(value as string);
  return w.say(closed.id, values);
}

function lastAcceptedOf(cycle: CycleConfig, timeZone: string): Date {
  return new Date(Math.max(...cycle.rounds.map((r) => roundLastAccepted(r, timeZone).getTime())));
}
