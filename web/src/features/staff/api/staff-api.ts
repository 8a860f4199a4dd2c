import './endpoints';
import type { OfficeWordSection } from '#form/office-words';
import type { StaffRole } from '#form/wire/roles';
import type { ApplicationFilters, ListQueryParams, StaffLoginBody } from '#form/wire/staff';
import { ApiError, call, urlOf, type CallArgs } from '#web/lib/api-client';

/**
 * The staff API (/staff/api/*): its request and response shapes are the routes' contracts
 * (form/wire). Staff calls go through the app's client but never trigger the applicant's
 * lost-session handling (that is only for /api and /service): a 401 that survives the staff
 * session's refresh means the staff session is gone, and the console sends the person to its own sign-in.
 */
export type {
  ApplicationDetail,
  ApplicationPage,
  ApplicationSummary,
  AuditEntry,
  AuditPage,
  IssuedTemporaryLink,
  TemporaryLinkPage,
  TemporaryLinkSummary,
  StaffLoginResponse,
} from '#form/wire/responses';
export type { ApplicationFilters, ListQueryParams };
/** The list's query with the console's cursor (null: the first page). */
export type ListAddress = Omit<ListQueryParams, 'cursor'> & { cursor?: string | null };
export type { StaffUserList, StaffUserRow } from '#form/wire/staff-users';
export type { DashboardReply } from '#form/wire/dashboard';

export const isStaffSessionLost = (e: unknown): boolean => e instanceof ApiError && e.status === 401;

/** Each step sends the e-mail; every step after the first the challenge it answers and its session. */
export type StaffLoginRequest = StaffLoginBody;

export const staffLogin = (body: StaffLoginRequest) => call('staffLogIn', { body });
export const staffLogout = () => call('staffLogOut');
/** 200 {email, role} with a staff session, 401 without. */
export const staffSession = () => call('readStaffSession');

/** The console's word for every cycle (its address says `cycle=all`; the API is asked with no cycle). */
export const ALL_CYCLES = 'all';

/**
 * The filters, the sort and the cursor, trimmed, leaving out the empty ones; for the API (not the
 * console's own address) "all cycles" is no cycle filter. An export takes no sort (`sorted` false).
 */
function filterParams(filters: ListAddress, address = false, sorted = true): ListQueryParams {
  const query: ListQueryParams = {};
  for (const key of ['term', 'major', 'q', 'cycle', 'round', 'school', 'state'] as const) {
    const value = filters[key]?.trim();
    if (value) query[key] = value;
  }
  if (filters.cursor) query.cursor = filters.cursor;
  if (!address && query.cycle === ALL_CYCLES) delete query.cycle;
  if (filters.status) query.status = filters.status;
  if (filters.late) query.late = filters.late;
  if (filters.complete) query.complete = filters.complete;
  if (filters.duplicate) query.duplicate = filters.duplicate;
  if (filters.decision) query.decision = filters.decision;
  if (filters.reply) query.reply = filters.reply;
  if (sorted && filters.sort) query.sort = filters.sort;
  if (sorted && filters.order) query.order = filters.order;
  return query;
}

/** The same as a query string (the console's own address keeps its filters and page). */
export function filterQuery(filters: ListAddress): string {
  const s = new URLSearchParams(filterParams(filters, true) as Record<string, string>).toString();
  return s ? `?${s}` : '';
}

export const listApplications = (filters: ListAddress) => call('listApplications', { query: filterParams(filters) });

/** A plain link: the export answers with a redirect to the file. */
export const exportUrl = (format: 'csv' | 'json', filters: ApplicationFilters) =>
  urlOf(format === 'csv' ? 'exportApplicationsCsv' : 'exportApplicationsJson', { query: filterParams(filters, false, false) });

export const readApplication = (id: string) => call('readApplication', { path: { id } });
/** The applications flagged as possible duplicates of this one (issue 39, item 5). */
export const readDuplicates = (id: string) => call('readDuplicates', { path: { id } });

/** The office-wide trail's filters as the address holds them: a staff member, an action, days (YYYY-MM-DD). */
export type TrailFilters = Partial<Record<'staff' | 'action' | 'from' | 'to', string>>;

/** One application's records, or without an application the office-wide trail, narrowed by its filters; newest first. */
export const readAudit = (application: string | null, cursor?: string | null, filters: TrailFilters = {}) =>
  call('readAudit', { query: { ...(application ? { application } : filters), ...(cursor ? { cursor } : {}) } });

export const createTemporaryLink = (body: CallArgs<'issueTemporaryLink'>['body']) => call('issueTemporaryLink', { body });

/** The links the office issued, newest first (an audited read). */
export const listTemporaryLinks = (cursor?: string | null) => call('listTemporaryLinks', { query: cursor ? { cursor } : {} });

/** Ends a link at once: its address then opens nothing. */
export const revokeTemporaryLink = (id: string) => call('revokeTemporaryLink', { path: { id } });

/** What a review asks: the rubric's criteria (label and help) and the recommendations. */
export const readReviewForm = () => call('readReviewForm');
/** The oldest submitted application of the cycle (none: the current one) this member has not reviewed; a 404 when none is left. */
export const nextToRead = (cycle?: string) => call('nextToRead', { query: cycle && cycle !== ALL_CYCLES ? { cycle } : {} });
/** Adds or revises the caller's own review. */
export const saveReview = (id: string, body: CallArgs<'saveReview'>['body']) => call('saveReview', { path: { id }, body });
/** Stages a decision; a released one changes only by an admin with a reason. */
export const recordDecision = (id: string, body: CallArgs<'recordDecision'>['body']) => call('recordDecision', { path: { id }, body });
/** One decision for many, all or nothing: a 409 names the ids refused (`refusedIds`). */
export const recordDecisions = (body: CallArgs<'recordDecisions'>['body']) => call('recordDecisions', { body });
export const scheduleRelease = (body: CallArgs<'scheduleRelease'>['body']) => call('scheduleRelease', { body });
export const listReleases = () => call('listReleases');
export const cancelRelease = (id: string) => call('cancelRelease', { path: { id } });

/** The caller's reading queue: assigned first, then the open pool, with its counts. */
export const readQueue = () => call('readQueue');
/** Takes the application for 30 minutes, or renews the caller's own checkout; 409 `{message, checkout}` while another holds it. */
export const checkoutApplication = (id: string) => call('checkoutApplication', { path: { id } });
export const releaseCheckout = (id: string) => call('releaseCheckout', { path: { id } });
/** Applications whose reads disagree (deciders, admins). */
export const readCommittee = () => call('readCommittee');
/** An admin assigns applications to readers (none: open to any reader). */
export const reassignApplications = (body: CallArgs<'reassignApplications'>['body']) => call('reassignApplications', { body });

export const readSettings = () => call('readSettings');
export const readSettingHistory = (section: OfficeWordSection) => call('readSettingHistory', { path: { section } });
/** An edit (`{value}`) or a revert (`{revertedFrom}`) of one section of Settings. */
export const saveSetting = ({ section, body }: { section: OfficeWordSection; body: CallArgs<'saveSetting'>['body'] }) =>
  call('saveSetting', { path: { section }, body });

/** The student information system's machine clients (an admin's screen). */
export const listSisClients = () => call('listSisClients');
/** A new client: its secret is in this answer only. */
export const addSisClient = (body: CallArgs<'addSisClient'>['body']) => call('addSisClient', { body });
export const revokeSisClient = (id: string) => call('revokeSisClient', { path: { id } });
/** The dashboard of a cycle (deciders and admins); none named: the office's current cycle. */
export const readDashboard = (cycle?: string) => call('readDashboard', cycle ? { query: { cycle } } : {});
/** The staff users (an admin's): who they are, their role, authenticator, last sign-in and whether active. */
export const listStaffUsers = () => call('listStaffUsers');
export const inviteStaffUser = (body: CallArgs<'inviteStaffUser'>['body']) => call('inviteStaffUser', { body });
export const changeStaffUserRole = ({ email, role }: { email: string; role: StaffRole }) => call('changeStaffUserRole', { path: { email }, body: { role } });
export const deactivateStaffUser = (email: string) => call('deactivateStaffUser', { path: { email } });
export const reactivateStaffUser = (email: string) => call('reactivateStaffUser', { path: { email } });

/** The ids a bulk refusal (409 `{message, ids}`) names; none for any other failure. */
export function refusedIds(error: unknown): string[] {
  const ids = error instanceof ApiError && error.status === 409 ? error.body?.ids : undefined;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
