/**
 * Which session stands behind a route, as the browser needs to know it: the applicant's routes
 * live under /api/ (the service view's token under /service/), the staff console's under
 * /staff/api/ except its sign-in and sign-out, which answer 401 on their own account.
 */
import type { EndpointName } from './endpoints';

export type RefreshRoute = 'refreshSession' | 'refreshStaffSession';

const PUBLIC_STAFF_ROUTES: readonly EndpointName[] = ['staffLogIn', 'staffLogOut', 'refreshStaffSession'];

/** The route that renews the session a 401 from this route may mean has merely expired (none for public and service routes). */
export function refreshRouteOf(name: EndpointName, path: string): RefreshRoute | undefined {
  if (path.startsWith('/api/')) return 'refreshSession';
  if (path.startsWith('/staff/api/') && !PUBLIC_STAFF_ROUTES.includes(name)) return 'refreshStaffSession';
  return undefined;
}

/** A 401 that survives the refresh from these routes means the applicant's (or the service view's) session is gone. */
export function isApplicantSessionRoute(path: string): boolean {
  return /^\/(api|service)\//.test(path);
}
