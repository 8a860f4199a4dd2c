/**
 * Applications in progress (issue 39, item 3): the staff list of applications started and not
 * submitted, so the office can follow up. Only what the list shows: who, which cycle and round,
 * when they last saved, how many pages pass the form's rules and which do not. Nothing else of an
 * unsubmitted application (no answers, no documents) reaches the office.
 */
import { InputError, queryInput, type QueryParams } from './input';

export interface InProgressFilters {
  /** A configured cycle's id; none: the office's current cycle. */
  cycle?: string;
  /** A round's id of that cycle. */
  round?: string;
}

export interface InProgressQuery extends InProgressFilters {
  cursor?: string;
}

export interface InProgressRow {
  id: string;
  name: string;
  email: string;
  cycle: string;
  cycle_label: string;
  round?: string;
  round_label?: string;
  /** The first save (ISO time). */
  started_at: string;
  /** The last save (ISO time). */
  last_activity: string;
  pages_done: number;
  pages_total: number;
  /** The titles of the pages whose answers do not yet pass the form's rules, in the form's order. */
  missing: string[];
}

export interface InProgressPage {
  /** The cycle listed (the current one when none was asked). */
  cycle: string;
  items: InProgressRow[];
  cursor: string | null;
}

const ID = /^[A-Za-z0-9_-]{1,40}$/;
/** Where a page ends: the index's sort key of its last application (`<ISO time>#<application id>`). */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z#[A-Za-z0-9-]{1,128}$/;

function parse(raw: QueryParams, allowCursor: boolean): InProgressQuery {
  const allowed = allowCursor ? ['cycle', 'round', 'cursor'] : ['cycle', 'round'];
  const unknown = Object.keys(raw).filter((k) => !allowed.includes(k));
  if (unknown.length) throw new InputError(`Unknown parameter${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}.`);
  const query: InProgressQuery = {};
  for (const key of ['cycle', 'round'] as const) {
    const value = raw[key]?.trim();
    if (!value) continue;
    if (!ID.test(value)) throw new InputError(`There is no ${key} “${value.slice(0, 40)}”: choose one of the configured ${key}s.`);
    query[key] = value;
  }
  const cursor = raw.cursor?.trim();
  if (cursor) {
    if (!CURSOR.test(cursor)) throw new InputError('That is not a page of this list: start again from its first page.');
    query.cursor = cursor;
  }
  return query;
}

export const listInProgressInput = queryInput<InProgressQuery>()((q) => parse(q, true));
/** The export takes the list's filters without its cursor: it is every page. */
export const exportInProgressInput = queryInput<InProgressFilters>()((q) => parse(q, false));
