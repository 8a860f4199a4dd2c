/**
 * Inputs of the staff routes: the sign-in steps, the list's and the exports' filters, the audit
 * trail's page and filters and a temporary link's answers.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../email';
import { statesAndProvinces } from '../options';
import { parseAnswerPatch } from './answers';
import { DECISIONS, isDecision, isOfficeReply, REPLY_CHOICES, type Decision, type OfficeReply } from './decision-words';
import { bodyInput, InputError, queryInput, rejectUnknownFields, requireObject, type QueryParams } from './input';
import { isOfficeStatus, OFFICE_STATUSES, type OfficeStatus } from './office-status';

export type StaffLoginRequest =
  | { step: 'password'; email: string; password: string }
  | { step: 'NEW_PASSWORD_REQUIRED'; email: string; session: string; newPassword: string }
  | { step: 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA'; email: string; session: string; code: string };

/** Each step sends the e-mail; every step after the first the challenge it answers and its session. */
export type StaffLoginBody =
  | { email: string; password: string }
  | { email: string; challenge: 'NEW_PASSWORD_REQUIRED'; session: string; new_password: string }
  | { email: string; challenge: 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA'; session: string; code: string };

function text(body: Record<string, unknown>, field: string, max = 1024): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') throw new InputError(`${field} is required.`, { [field]: [`${field} is required.`] });
  if (value.length > max) throw new InputError(`${field} is too long.`, { [field]: [`${field} must be at most ${max} characters.`] });
  return value;
}

export function parseStaffLogin(raw: unknown): StaffLoginRequest {
  const body = requireObject(raw);
  const challenge = body.challenge;
  const email = text(body, 'email', EMAIL_MAX_LENGTH).trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw new InputError('Please provide a valid email address.', { email: ['Please provide a valid email address.'] });
  if (challenge === undefined) {
    rejectUnknownFields(body, ['email', 'password']);
    return { step: 'password', email, password: text(body, 'password') };
  }
  if (challenge === 'NEW_PASSWORD_REQUIRED') {
    rejectUnknownFields(body, ['email', 'challenge', 'session', 'new_password']);
    return { step: challenge, email, session: text(body, 'session', 4096), newPassword: text(body, 'new_password') };
  }
  if (challenge === 'MFA_SETUP' || challenge === 'SOFTWARE_TOKEN_MFA') {
    rejectUnknownFields(body, ['email', 'challenge', 'session', 'code']);
    const code = text(body, 'code', 16).replace(/\s/g, '');
    if (!/^\d{6}$/.test(code))
      throw new InputError('The code is the 6 digits your authenticator app shows.', { code: ['The code is the 6 digits your authenticator app shows.'] });
    return { step: challenge, email, session: text(body, 'session', 4096), code };
  }
  throw new InputError('challenge must be NEW_PASSWORD_REQUIRED, MFA_SETUP or SOFTWARE_TOKEN_MFA.');
}
export const staffLogInInput = bodyInput<StaffLoginBody>()(parseStaffLogin);

/** A submitted application's id (the applicant's subject), as the staff routes' paths carry it. */
export function parseApplicationId(raw: string | undefined): string {
  if (raw === undefined || !/^[A-Za-z0-9-]{1,128}$/.test(raw)) throw new InputError('That is not an application id.');
  return raw;
}

export interface ApplicationFilters {
  term?: string;
  major?: string;
  q?: string;
  /** The office status (form/wire/office-status.ts). */
  status?: OfficeStatus;
  /** A configured cycle's id (applications submitted before cycles belong to the first one). */
  cycle?: string;
  /** A round's id: one of the cycle's rounds, or without a cycle one of any configured cycle's. */
  round?: string;
  /** `true`: only those submitted inside a late window; `false`: only those on time. */
  late?: LateFilter;
  /** `true`: only complete applications (every required material received or waived); `false`: only incomplete ones. */
  complete?: CompleteFilter;
  /** `flagged`: only applications with an open flag of a possible duplicate (issue 39, item 5). */
  duplicate?: DuplicateFilter;
  /** The recorded decision (the list's copy): only for the roles that decide (a filter would reveal decisions to a reader). */
  decision?: Decision;
  /** The applicant's reply (the list's copy), `expired` included: only for the roles that decide. */
  reply?: OfficeReply;
  /** The high school's code (CEEB, the answer `hs_ceeb`). */
  school?: string;
  /** The home address's state or province (the answer `state`), as the form's options code it. */
  state?: string;
}
const MAX_FILTER_LENGTH = 200;

/** What the list sorts by (issue 39, item 6): each an index of the answers table, so a page is one index query. */
export const LIST_SORTS = ['submitted', 'name', 'score', 'changed'] as const;
export type ListSortBy = (typeof LIST_SORTS)[number];
export const LIST_ORDERS = ['asc', 'desc'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];
export interface ListSort {
  by: ListSortBy;
  order: ListOrder;
}
/** Each sort's order when none is asked: the newest, the best scored and the last changed first; names A to Z. */
export const DEFAULT_ORDER: Record<ListSortBy, ListOrder> = { submitted: 'desc', name: 'asc', score: 'desc', changed: 'desc' };
export const DEFAULT_SORT: ListSort = { by: 'submitted', order: 'desc' };
/** The filters a reader may not use: they would reveal decisions (the list shows a reader none). */
export const DECIDING_FILTERS = ['decision', 'reply'] as const;
const SCHOOL_CODE = /^[A-Za-z0-9]{1,6}$/;

const LATE_FILTERS = ['true', 'false'] as const;
export type LateFilter = (typeof LATE_FILTERS)[number];
export const isLateFilter = (value: string | null | undefined): value is LateFilter => (LATE_FILTERS as readonly unknown[]).includes(value);
const COMPLETE_FILTERS = ['true', 'false'] as const;
export type CompleteFilter = (typeof COMPLETE_FILTERS)[number];
export const isCompleteFilter = (value: string | null | undefined): value is CompleteFilter => (COMPLETE_FILTERS as readonly unknown[]).includes(value);
/** The filters a cycle's timetable checks (lambdas/domain/cycles/office-cycles.ts): configured ids only. */
const ID_FILTERS = ['cycle', 'round'] as const;
const FILTERS = ['term', 'major', 'q', 'status', ...ID_FILTERS, 'late', 'complete', 'duplicate', ...DECIDING_FILTERS, 'school', 'state'];
export type DuplicateFilter = 'flagged';

export interface ListQuery {
  filters: ApplicationFilters;
  /** The list's order (absent: newest submitted first); the exports take none. */
  sort?: ListSort;
  /** Opaque: where the previous page ended (decoded by the listing). */
  cursor?: string;
}

/** The query string's form of a list query: the filters, the sort and its order, the cursor. */
export type ListQueryParams = ApplicationFilters & { sort?: ListSortBy; order?: ListOrder; cursor?: string };

/**
 * term, major, q, status, cycle, round, late, complete, duplicate, decision, reply, school, state
 * (and sort, order and cursor for the list); anything else is refused so a typo does not silently
 * widen an export. Whether the cycle and round are configured ones is the listing's to check, on
 * the timetable it is given; whether the role may use a decision filter or the score's order too.
 */
export function parseListQuery(raw: QueryParams, allowCursor = true): ListQuery {
  const allowed = allowCursor ? ['cursor', 'sort', 'order', ...FILTERS] : FILTERS;
  const unknown = Object.keys(raw).filter((k) => !allowed.includes(k));
  if (unknown.length) throw new InputError(`Unknown parameter${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}.`);
  const filters: ApplicationFilters = {};
  for (const key of ['term', 'major', 'q'] as const) {
    const value = raw[key]?.trim();
    if (!value) continue;
    if (value.length > MAX_FILTER_LENGTH) throw new InputError(`The ${key} filter is too long.`);
    filters[key] = value;
  }
  const status = raw.status?.trim();
  if (status) {
    if (!isOfficeStatus(status)) throw new InputError(`The status filter is one of ${OFFICE_STATUSES.join(', ')}.`);
    filters.status = status;
  }
  for (const key of ID_FILTERS) {
    const value = raw[key]?.trim();
    if (!value) continue;
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(value)) throw new InputError(`There is no ${key} “${value.slice(0, 40)}”: choose one of the configured ${key}s.`);
    filters[key] = value;
  }
  const late = raw.late?.trim();
  if (late) {
    if (!isLateFilter(late)) throw new InputError('The late filter is true (only applications submitted late) or false (only those on time).');
    filters.late = late;
  }
  const complete = raw.complete?.trim();
  if (complete) {
    if (!isCompleteFilter(complete))
      throw new InputError('The complete filter is true (only applications with every required material) or false (only those still missing one).');
    filters.complete = complete;
  }
  const duplicate = raw.duplicate?.trim();
  if (duplicate) {
    if (duplicate !== 'flagged') throw new InputError('The duplicate filter is flagged (only applications flagged as a possible duplicate).');
    filters.duplicate = duplicate;
  }
  Object.assign(filters, parseOfficeFilters(raw), parseAnswerFilters(raw));
  const sort = allowCursor ? parseSort(raw) : undefined;
  return { filters, ...(sort ? { sort } : {}), ...(raw.cursor ? { cursor: raw.cursor } : {}) };
}

/** The decision and the reply, in the words the decisions record (the role's right to them is the listing's to check). */
function parseOfficeFilters(raw: QueryParams): Pick<ApplicationFilters, 'decision' | 'reply'> {
  const filters: Pick<ApplicationFilters, 'decision' | 'reply'> = {};
  const decision = raw.decision?.trim();
  if (decision) {
    if (!isDecision(decision)) throw new InputError(`The decision filter is one of ${DECISIONS.join(', ')}.`);
    filters.decision = decision;
  }
  const reply = raw.reply?.trim();
  if (reply) {
    if (!isOfficeReply(reply)) throw new InputError(`The reply filter is one of ${[...REPLY_CHOICES, 'expired'].join(', ')}.`);
    filters.reply = reply;
  }
  return filters;
}

/** The high school's code and the home state, checked against the form's own rules for them. */
function parseAnswerFilters(raw: QueryParams): Pick<ApplicationFilters, 'school' | 'state'> {
  const filters: Pick<ApplicationFilters, 'school' | 'state'> = {};
  const school = raw.school?.trim();
  if (school) {
    if (!SCHOOL_CODE.test(school)) throw new InputError('The high school filter is the school’s code (CEEB): up to 6 letters or digits.');
    filters.school = school.toUpperCase();
  }
  const state = raw.state?.trim().toUpperCase();
  if (state) {
    if (!statesAndProvinces.some((o) => o.value === state))
      throw new InputError(`There is no state or province “${state.slice(0, 40)}”: use its two-letter code, for example CA or ON.`);
    filters.state = state;
  }
  return filters;
}

function parseSort(raw: QueryParams): ListSort | undefined {
  const by = raw.sort?.trim();
  const order = raw.order?.trim();
  if (!by && !order) return undefined;
  const sortBy = by || DEFAULT_SORT.by;
  if (!(LIST_SORTS as readonly string[]).includes(sortBy))
    throw new InputError('The list sorts by submitted (the date), name (last name), score (average review score) or changed (last change).');
  if (order && !(LIST_ORDERS as readonly string[]).includes(order)) throw new InputError('The order is asc (ascending) or desc (descending).');
  const key = sortBy as ListSortBy;
  return { by: key, order: (order as ListOrder | undefined) || DEFAULT_ORDER[key] };
}
export const listApplicationsInput = queryInput<ListQueryParams>()((q) => parseListQuery(q));
/** The exports take the list's filters, without its cursor (an export is every page). */
export const exportInput = queryInput<ApplicationFilters>()((q) => parseListQuery(q, false));

/** A query of one parameter, a configured cycle's id (checked by the use-case on its timetable); none, the office's current cycle. */
export function parseCycleOnly(raw: QueryParams): { cycle?: string } {
  const unknown = Object.keys(raw).filter((k) => k !== 'cycle');
  if (unknown.length) throw new InputError(`Unknown parameter: ${unknown[0]!.slice(0, 40)}.`);
  const cycle = raw.cycle?.trim();
  if (!cycle) return {};
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cycle)) throw new InputError(`There is no cycle “${cycle.slice(0, 40)}”: choose one of the configured cycles.`);
  return { cycle };
}

/** The reader's queue: a cycle's id, or none for the office's current cycle. */
export const nextToReadInput = queryInput<{ cycle?: string }>()(parseCycleOnly);

/**
 * The office-wide trail's filters: a staff member (the address they sign in with, or `cli:NAME`
 * for the command line), an action, and days on the institution's calendar, both included. The
 * action is checked against the record's actions by the trail's reader
 * (lambdas/domain/staff/office-trail.ts): their list is derived from the route declarations
 * (audit.ts), which name this module's parsers, so checking it here would make an import cycle.
 */
export interface TrailFilters {
  staff?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** What the access record's page asks, as the query string says it. */
export type AuditQueryParams = { application?: string; cursor?: string } & { [K in keyof TrailFilters]?: string };

/** One application's records (`application`), or without one the office-wide trail, narrowed by its filters. */
export type AuditQuery = { application: string; cursor?: string } | { application?: undefined; filters: TrailFilters; cursor?: string };

const TRAIL_FILTERS = ['staff', 'action', 'from', 'to'] as const;
const OPERATOR = /^cli:\S{1,64}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day as YYYY-MM-DD that the calendar has (no 31 April). */
function parseDay(raw: string, which: 'from' | 'to'): string {
  const m = DAY.exec(raw);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
  if (!date || date.toISOString().slice(0, 10) !== raw)
    throw new InputError(`The ${which === 'from' ? 'start' : 'end'} date (${which}) is not a date: write it as YYYY-MM-DD, for example 2026-09-01.`);
  return raw;
}

function parseTrailFilters(raw: QueryParams): TrailFilters {
  const filters: TrailFilters = {};
  const staff = raw.staff?.trim();
  if (staff) {
    // Addresses are kept as signed in with, lower case; an operator's name as the system gave it.
    const address = staff.toLowerCase();
    if (staff.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(address)) filters.staff = address;
    else if (OPERATOR.test(staff)) filters.staff = staff;
    else throw new InputError('The staff member is the e-mail address they sign in with (or cli:NAME for the command line).');
  }
  const action = raw.action?.trim();
  if (action) filters.action = action;
  const from = raw.from?.trim();
  const to = raw.to?.trim();
  if (from) filters.from = parseDay(from, 'from');
  if (to) filters.to = parseDay(to, 'to');
  if (filters.from && filters.to && filters.from > filters.to) throw new InputError('The start date (from) is after the end date (to).');
  return filters;
}

export function parseAuditQuery(raw: QueryParams): AuditQuery {
  const unknown = Object.keys(raw).filter((k) => k !== 'application' && k !== 'cursor' && !(TRAIL_FILTERS as readonly string[]).includes(k));
  if (unknown.length) throw new InputError(`Unknown parameter: ${unknown[0]!.slice(0, 40)}.`);
  let cursor: string | undefined;
  if (raw.cursor) {
    // The cursor is the sort key of the last record shown: an ISO time, '#', a UUID.
    if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9a-f-]{36}$/.test(raw.cursor)) throw new InputError('The cursor is not valid: start again from the first page.');
    cursor = raw.cursor;
  }
  const page = cursor ? { cursor } : {};
  if (raw.application) {
    if (TRAIL_FILTERS.some((k) => raw[k]?.trim()))
      throw new InputError(
        'The staff member, action and date filters are for the office-wide record: an application’s own record is shown whole, without them.',
      );
    return { application: parseApplicationId(raw.application), ...page };
  }
  return { filters: parseTrailFilters(raw), ...page };
}
export const readAuditInput = queryInput<AuditQueryParams>()(parseAuditQuery);

export const MAX_LINK_DAYS = 90;

export interface TemporaryLinkRecipient {
  name?: string;
  email?: string;
}

export interface TemporaryLinkRequest {
  answer: Record<string, string>;
  expiresInDays: number;
  /** Who the link is for; with an e-mail address the link is also sent there. */
  recipient?: TemporaryLinkRecipient;
}

export function parseLinkDays(raw: unknown): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > MAX_LINK_DAYS) {
    const message = `expires_in_days must be a whole number of days from 1 to ${MAX_LINK_DAYS}.`;
    throw new InputError(message, { expires_in_days: [message] });
  }
  return raw;
}

const RECIPIENT_NAME_MAX = 200;

/** The optional recipient: a name, an e-mail address, or both; blank fields count as absent. */
function parseRecipient(raw: unknown): TemporaryLinkRecipient | undefined {
  if (raw === undefined || raw === null) return undefined;
  const body = requireObject(raw, 'recipient');
  rejectUnknownFields(body, ['name', 'email']);
  const recipient: TemporaryLinkRecipient = {};
  for (const field of ['name', 'email'] as const) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    const key = `recipient_${field}`;
    if (typeof value !== 'string')
      throw new InputError(`The recipient's ${field === 'name' ? 'name' : 'e-mail address'} must be text.`, { [key]: ['Must be text.'] });
    const trimmed = value.trim();
    if (trimmed === '') continue;
    if (field === 'name') {
      if (trimmed.length > RECIPIENT_NAME_MAX)
        throw new InputError(`The recipient's name is too long.`, { [key]: [`Enter at most ${RECIPIENT_NAME_MAX} characters.`] });
      recipient.name = trimmed;
    } else {
      const email = trimmed.toLowerCase();
      if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
        const message = "Enter the recipient's e-mail address in the correct format, like name@example.com.";
        throw new InputError(message, { [key]: [message] });
      }
      recipient.email = email;
    }
  }
  return recipient.name || recipient.email ? recipient : undefined;
}

/** Temporary links: the answers are checked as an applicant's would be. */
export function parseTemporaryLink(raw: unknown): TemporaryLinkRequest {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['answer', 'expires_in_days', 'recipient']);
  const expiresInDays = parseLinkDays(body.expires_in_days);
  const answer = parseAnswerPatch(body.answer ?? {});
  if (Object.keys(answer).length === 0)
    throw new InputError('Prepare at least one answer for the link.', { answer: ['Prepare at least one answer for the link.'] });
  const recipient = parseRecipient(body.recipient);
  return { answer: { ...answer }, expiresInDays, ...(recipient ? { recipient } : {}) };
}
export const issueTemporaryLinkInput = bodyInput<{ answer: Record<string, string>; expires_in_days: number; recipient?: { name?: string; email?: string } }>()(
  parseTemporaryLink,
);

/** A temporary link's id: its issue time (base 36, so ids sort by time) and a random part. */
export const TEMPORARY_LINK_ID = /^[0-9a-z]{9}[0-9a-f]{12}$/;

/** The issued links, newest first; `cursor` is the id of the last link of the previous page. */
export const listTemporaryLinksInput = queryInput<{ cursor?: string }>()((raw): { cursor?: string } => {
  const unknown = Object.keys(raw).filter((k) => k !== 'cursor');
  if (unknown.length) throw new InputError(`Unknown parameter: ${unknown[0]!.slice(0, 40)}.`);
  if (!raw.cursor) return {};
  if (!TEMPORARY_LINK_ID.test(raw.cursor)) throw new InputError('The cursor is not valid: start again from the first page.');
  return { cursor: raw.cursor };
});
