/**
 * The office-wide access record: every record of every partition (the office's and each
 * application's), newest first, narrowed by staff member, action and days on the institution's
 * calendar. The trail's index keeps each action's records in time order (ports/audit.ts), so an
 * action filter is one range of one action; without one, a page merges the ranges of every action.
 *
 * The merge needs no state between pages but the sort key of the last record shown: every range
 * is read below it. Within a request each action's range is read from where it stopped; a record
 * is shown only once every action still holding more has been read down to it (the highest point
 * any of them stopped at, the frontier), so a page never skips an older record of another action.
 * A staff filter is a filter on what is read, so a page may come back short or empty while older
 * records remain: the reads of one request are bounded (`TRAIL_LIMITS`: 3 rounds of at most 200
 * records per action) and the cursor says where the next page resumes.
 */
import { dayStartIn, nextDay } from '#form/calendar';
import { AUDIT_ACTIONS, isAuditAction } from '#form/wire/audit';
import type { TrailFilters } from '#form/wire/staff';
import { Invalid } from '../errors';
import type { AuditRecord, TrailReader, TrailRecord } from '../ports/audit';

/** How much one request reads and shows. */
export interface TrailLimits {
  /** Records per page of the view (the application's record pages by the same number). */
  page: number;
  /** Records read per action per round with a staff filter (without one, a page's worth: every record read is shown). */
  read: number;
  /** Rounds of reads in one request before a short page is answered with a cursor. */
  rounds: number;
}

export const TRAIL_LIMITS: TrailLimits = { page: 50, read: 200, rounds: 3 };
export const TRAIL_PAGE = TRAIL_LIMITS.page;

/** Below every sort key (`<ISO time>#…` starts with a digit) and above every one. */
const EARLIEST = '0';
const LATEST = '9';

export interface TrailPage {
  items: AuditRecord[];
  /** The sort key below which the next page starts, or undefined after the last. */
  next?: string;
}

/** The sort-key range of the filters' days (the start of `from`, the start of the day after `to`, on the institution's clock). */
export function trailRange(filters: TrailFilters, timeZone: string): { from: string; before: string } {
  return {
    from: filters.from ? dayStartIn(filters.from, timeZone).toISOString() : EARLIEST,
    before: filters.to ? dayStartIn(nextDay(filters.to), timeZone).toISOString() : LATEST,
  };
}

const newestFirst = (a: TrailRecord, b: TrailRecord) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0);

/** Refuses (400) an action the record does not have: called before the request is audited, so a refused view records nothing. */
export function checkTrailFilters(filters: TrailFilters): void {
  const { action } = filters;
  if (action !== undefined && !isAuditAction(action))
    throw new Invalid(`The record has no action “${action.slice(0, 40)}”: it is one of ${AUDIT_ACTIONS.join(', ')}.`);
}

/** One page of the office-wide record below `cursor` (or from the newest). */
export async function readOfficeTrail(
  readTrail: TrailReader,
  filters: TrailFilters,
  timeZone: string,
  cursor?: string,
  limits: TrailLimits = TRAIL_LIMITS,
): Promise<TrailPage> {
  checkTrailFilters(filters);
  const { action } = filters;
  const range = trailRange(filters, timeZone);
  const top = cursor && cursor < range.before ? cursor : range.before;
  if (top <= range.from) return { items: [] };
  const limit = filters.staff ? limits.read : limits.page;
  // Where each action's range has been read down to; an action leaves the map once read to its end.
  const open = new Map<string, string>((action ? [action] : AUDIT_ACTIONS).map((action) => [action, top]));
  const found: TrailRecord[] = [];
  let shown: TrailRecord[] = [];
  let frontier: string | undefined;
  for (let round = 0; round < limits.rounds && open.size > 0; round++) {
    const slices = await Promise.all(
      [...open].map(async ([action, before]) => ({
        action,
        slice: await readTrail({
          action: action as AuditRecord['action'],
          from: range.from,
          before,
          limit,
          ...(filters.staff ? { staff: filters.staff } : {}),
        }),
      })),
    );
    for (const { action, slice } of slices) {
      found.push(...slice.items);
      if (slice.more) open.set(action, slice.more);
      else open.delete(action);
    }
    frontier = open.size > 0 ? [...open.values()].reduce((a, b) => (a > b ? a : b)) : undefined;
    shown = found.filter((r) => frontier === undefined || r.key >= frontier).sort(newestFirst);
    if (shown.length >= limits.page) break;
  }
  const page = shown.slice(0, limits.page);
  // A full page resumes below its last record; a short one below the frontier (every record above it is shown).
  const next = shown.length > limits.page || (shown.length === limits.page && frontier !== undefined) ? page[page.length - 1]!.key : frontier;
  const items = page.map(({ key: _key, ...record }) => record);
  return next ? { items, next } : { items };
}
