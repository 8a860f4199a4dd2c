/**
 * Which session stands behind a route, as the browser needs to know it: its declared access
 * (endpoint.ts) says whether a 401 may mean an expired session that a refresh renews. The
 * applicant's routes live under /api/ (the service view's token under /service/).
 */
import type { Access } from './endpoint';

export type RefreshRoute = 'refreshSession' | 'refreshStaffSession';

/** The route that renews the session a 401 from a route of this access may mean has merely expired (none for public and service routes). */
export function refreshRouteOf(access: Access): RefreshRoute | undefined {
  if (access === 'applicant') return 'refreshSession';
  if (access === 'staff') return 'refreshStaffSession';
  return undefined;
}

/** A 401 that survives the refresh from these routes means the applicant's (or the service view's) session is gone. */
export function isApplicantSessionRoute(path: string): boolean {
  return /^\/(api|service)\//.test(path);
}
