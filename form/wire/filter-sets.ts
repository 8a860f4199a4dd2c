/**
 * Saved and shared filter sets of the staff list (issue 39, item 6): a name, the list's query (its
 * filters, sort and order, as the list's address carries them, so a set is a link) and whether
 * the office sees it. The query is read by the list's own parser (form/wire/staff.ts), so a set
 * holds nothing the list would refuse; whether the role may use a decision filter or the score
 * order is the use-case's to check, as the list's is.
 */
import { bodyInput, InputError, rejectUnknownFields, requireObject } from './input';
import { parseListQuery, type ListQuery, type ListQueryParams } from './staff';

export const FILTER_SET_NAME_MAX = 80;
/** The sets one staff member keeps (docs/decisions.md). */
export const FILTER_SETS_PER_PERSON = 50;

export const FILTER_SET_MESSAGES = {
  nameRequired: 'Name the filter set, for example “Texas admits”.',
  nameTooLong: `A filter set's name is at most ${FILTER_SET_NAME_MAX} characters.`,
  shared: 'shared is true (every colleague sees the set) or false (only you do).',
  query: 'query is the list’s filters and sort, as an object of text values, for example {"state": "TX", "sort": "name"}.',
  nothing: 'Send the name, the query or shared: there is nothing to change.',
} as const;

export interface FilterSet {
  id: string;
  name: string;
  /** Who saved it (their e-mail): the only one who changes it; an admin may also delete a shared one. */
  owner: string;
  /** Every colleague sees it (else only its owner). */
  shared: boolean;
  /** The list's query string as parameters: `?` + new URLSearchParams(query) is the list's address. */
  query: ListQueryParams;
  created_at: string;
  updated_at: string;
}

export interface FilterSetsReply {
  /** Yours and the office's shared ones, by name. */
  sets: FilterSet[];
  /** The signed-in staff member: the console offers to change the sets whose owner this is. */
  you: string;
}

export interface FilterSetSaved {
  message: string;
  set: FilterSet;
}

export interface FilterSetRequest {
  name: string;
  query: ListQuery;
  shared: boolean;
}

/** The list's query as its address carries it: the filters, and the sort with its order when one is asked. */
export function queryParams(query: ListQuery): ListQueryParams {
  return { ...query.filters, ...(query.sort ? { sort: query.sort.by, order: query.sort.order } : {}) };
}

function parseName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) throw new InputError(FILTER_SET_MESSAGES.nameRequired, { name: [FILTER_SET_MESSAGES.nameRequired] });
  if ([...name].length > FILTER_SET_NAME_MAX) throw new InputError(FILTER_SET_MESSAGES.nameTooLong, { name: [FILTER_SET_MESSAGES.nameTooLong] });
  return name;
}

function parseShared(raw: unknown): boolean {
  if (typeof raw !== 'boolean') throw new InputError(FILTER_SET_MESSAGES.shared, { shared: [FILTER_SET_MESSAGES.shared] });
  return raw;
}

/** The list's parser, without a cursor (a set is where a list starts, not a page of it). */
function parseSetQuery(raw: unknown): ListQuery {
  const body = requireObject(raw ?? {}, 'query');
  if (Object.values(body).some((v) => typeof v !== 'string')) throw new InputError(FILTER_SET_MESSAGES.query, { query: [FILTER_SET_MESSAGES.query] });
  const { cursor: _cursor, ...params } = body as Record<string, string>;
  try {
    return parseListQuery(params);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(error.message, { query: [error.message] });
    throw error;
  }
}

/** POST /staff/api/filter-sets: `{name, query, shared}`, each required. */
export function parseFilterSet(raw: unknown): FilterSetRequest {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['name', 'query', 'shared']);
  return { name: parseName(body.name), query: parseSetQuery(body.query), shared: parseShared(body.shared) };
}
export const saveFilterSetInput = bodyInput<{ name: string; query: ListQueryParams; shared: boolean }>()(parseFilterSet);

/** PUT /staff/api/filter-sets/{setId}: any of `{name, query, shared}`, at least one. */
export function parseFilterSetChange(raw: unknown): Partial<FilterSetRequest> {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['name', 'query', 'shared']);
  if (body.name === undefined && body.query === undefined && body.shared === undefined) throw new InputError(FILTER_SET_MESSAGES.nothing);
  return {
    ...(body.name !== undefined ? { name: parseName(body.name) } : {}),
    ...(body.query !== undefined ? { query: parseSetQuery(body.query) } : {}),
    ...(body.shared !== undefined ? { shared: parseShared(body.shared) } : {}),
  };
}
export const changeFilterSetInput = bodyInput<{ name?: string; query?: ListQueryParams; shared?: boolean }>()(parseFilterSetChange);

/** A set's id: a UUID the server gave it. */
export function parseFilterSetId(raw: string | undefined): string {
  if (raw === undefined || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw)) throw new InputError('That is not a filter set id.');
  return raw;
}
