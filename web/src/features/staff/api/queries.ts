import { queryOptions } from '@tanstack/react-query';
import { redirect } from 'react-router-dom';
import type { OfficeWordSection } from '#form/office-words';
import { queryClient } from '#web/lib/query-client';
import {
  isStaffSessionLost,
  listApplications,
  listReleases,
  listSisClients,
  listStaffUsers,
  listTemporaryLinks,
  readDashboard,
  readApplication,
  readDuplicates,
  readAudit,
  readCommittee,
  readQueue,
  readReviewForm,
  readSettingHistory,
  readSettings,
  staffSession,
  type ListAddress,
  type TrailFilters,
} from './staff-api';

/**
 * Every staff read is recorded in the audit trail, so a screen reads once per visit: the loader
 * fetches, the screen reads the same cache entry. A short stale time lets coming back to the list
 * show new submissions without reading again on every render.
 */
const FRESH_MS = 15_000;
const inline = { meta: { inlineErrors: true } } as const;

/**
 * The keys a write reads again or forgets (the capabilities' mutations.ts): every staff read
 * starts with STAFF_KEY, so signing in or out forgets them all.
 */
export const STAFF_KEY = ['staff'] as const;
export const APPLICATIONS_KEY = [...STAFF_KEY, 'applications'] as const;
export const TEMPORARY_LINKS_KEY = [...STAFF_KEY, 'temporary-links'] as const;

export const applicationsQuery = (filters: ListAddress) =>
  queryOptions({
    queryKey: [
      ...APPLICATIONS_KEY,
      filters.term ?? '',
      filters.major ?? '',
      filters.q ?? '',
      filters.cursor ?? '',
      filters.status ?? '',
      filters.cycle ?? '',
      filters.round ?? '',
      filters.late ?? '',
      filters.complete ?? '',
      filters.duplicate ?? '',
      filters.decision ?? '',
      filters.reply ?? '',
      filters.school ?? '',
      filters.state ?? '',
      filters.sort ?? '',
      filters.order ?? '',
    ],
    queryFn: () => listApplications(filters),
    staleTime: FRESH_MS,
    ...inline,
  });

export const applicationQuery = (id: string) =>
  queryOptions({ queryKey: [...STAFF_KEY, 'application', id], queryFn: () => readApplication(id), staleTime: FRESH_MS, ...inline });

/** Possible duplicates of an application: read with it, and again after a verdict. */
export const duplicatesQuery = (id: string) =>
  queryOptions({ queryKey: [...STAFF_KEY, 'duplicates', id], queryFn: () => readDuplicates(id), staleTime: FRESH_MS, ...inline });

/** The trail changes with every read (this one included), so it is read afresh on each visit. */
export const auditQuery = (application: string | null, cursor: string | null, filters: TrailFilters = {}) =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'audit', application ?? '', cursor ?? '', filters.staff ?? '', filters.action ?? '', filters.from ?? '', filters.to ?? ''],
    queryFn: () => readAudit(application, cursor, filters),
    staleTime: 0,
    ...inline,
  });

/** The links issued: read when the page opens, and again after each link issued or revoked. */
export const temporaryLinksQuery = (cursor: string | null) =>
  queryOptions({ queryKey: [...TEMPORARY_LINKS_KEY, cursor ?? ''], queryFn: () => listTemporaryLinks(cursor), staleTime: FRESH_MS, ...inline });

/** The rubric is configuration: it changes with a deployment, not during a visit. */
export const reviewFormQuery = () => queryOptions({ queryKey: [...STAFF_KEY, 'review-form'], queryFn: readReviewForm, staleTime: Infinity, ...inline });

/** The releases scheduled: read when the screen opens and after each release scheduled or cancelled. */
export const releasesQuery = () => queryOptions({ queryKey: [...STAFF_KEY, 'releases'], queryFn: listReleases, staleTime: FRESH_MS, ...inline });

/** The machine clients of the student information system's API; read again after each new client or revocation. */
export const SIS_CLIENTS_KEY = [...STAFF_KEY, 'sis-clients'] as const;
export const sisClientsQuery = () => queryOptions({ queryKey: SIS_CLIENTS_KEY, queryFn: listSisClients, staleTime: FRESH_MS, ...inline });

/** Settings: every section's words now, and each section's versions; read again after each save or revert. */
export const SETTINGS_KEY = [...STAFF_KEY, 'settings'] as const;
export const settingsQuery = () => queryOptions({ queryKey: [...SETTINGS_KEY, 'now'], queryFn: readSettings, staleTime: FRESH_MS, ...inline });
export const settingHistoryQuery = (section: OfficeWordSection) =>
  queryOptions({ queryKey: [...SETTINGS_KEY, 'history', section], queryFn: () => readSettingHistory(section), staleTime: FRESH_MS, ...inline });

/** The staff users: read when the screen opens and after each invitation, role change, deactivation or reactivation. */
export const STAFF_USERS_KEY = [...STAFF_KEY, 'staff-users'] as const;
export const staffUsersQuery = () => queryOptions({ queryKey: STAFF_USERS_KEY, queryFn: listStaffUsers, staleTime: FRESH_MS, ...inline });

/** The reader's queue and the committee: read afresh on each visit (others take and read applications meanwhile). */
export const QUEUE_KEY = [...STAFF_KEY, 'queue'] as const;
export const queueQuery = () => queryOptions({ queryKey: QUEUE_KEY, queryFn: readQueue, staleTime: 0, ...inline });
export const committeeQuery = () => queryOptions({ queryKey: [...STAFF_KEY, 'committee'], queryFn: readCommittee, staleTime: 0, ...inline });
/** The dashboard of a cycle ('' the current one): counts kept by the server, read again when the screen is opened after a while. */
export const DASHBOARD_KEY = [...STAFF_KEY, 'dashboard'] as const;
export const dashboardQuery = (cycle: string) =>
  queryOptions({ queryKey: [...DASHBOARD_KEY, cycle], queryFn: () => readDashboard(cycle || undefined), staleTime: FRESH_MS, ...inline });

export const sessionQuery = () => queryOptions({ queryKey: [...STAFF_KEY, 'session'], queryFn: staffSession, staleTime: FRESH_MS, ...inline });

export const STAFF_LOGIN = '/staff/login';
export const STAFF_HOME = '/staff/applications';

/** Where sign-in sends the person afterwards: only a staff screen, never another site. */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/staff\/(?!login)[\w\-/?=&%.+]*$/.test(next) && !next.startsWith('//') ? next : STAFF_HOME;
}

/**
 * A loader's read: a lost staff session goes to the staff sign-in, then back to this screen.
 * Without the session's readable marker cookie nobody is signed in: the sign-in comes at once,
 * without a request the server could only refuse (two 401s in the browser's console).
 * The member's role is read beside the screen's data (once per FRESH_MS, from the cache after),
 * so what a role offers (a list's decision columns, a page's actions) is there when the screen
 * first shows, never added a moment later; without it (its read failed) the screen shows nothing
 * role-bound.
 */
export async function staffRead<T>(request: Request, read: () => Promise<T>): Promise<T | Response> {
  const url = new URL(request.url);
  const signIn = () => redirect(`${STAFF_LOGIN}?next=${encodeURIComponent(url.pathname + url.search)}`);
  if (!/(?:^|;\s*)StaffSession\.loggedIn=1(?:;|$)/.test(document.cookie)) return signIn();
  try {
    const [data] = await Promise.all([read(), queryClient.fetchQuery(sessionQuery()).catch(() => undefined)]);
    return data;
  } catch (error) {
    if (isStaffSessionLost(error)) return signIn();
    throw error;
  }
}
