import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet, isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { institution } from '#form/institution';
import { InstitutionLogo } from '#web/components/InstitutionLogo';
import { STAFF_HOME, STAFF_LOGIN, sessionQuery } from '../api/queries';
import { useStaffTitle } from '../shared/title';
import { RoleProvider, useAllowed } from './allowed';
import { useSignOut } from './mutations';
import '../shared/staff.css';

/** The console's navigation, with what the member's role may open. */
function StaffNav() {
  const { signOut, leaving } = useSignOut();
  const queue = useAllowed('readQueue');
  const committee = useAllowed('readCommittee');
  const releases = useAllowed('listReleases');
  const mailings = useAllowed('listMailings');
  const links = useAllowed('listTemporaryLinks');
  const officeAudit = useAllowed('readAudit', 'the office-wide trail');
  const settings = useAllowed('readSettings');
  const apiClients = useAllowed('listSisClients');
  const staffUsers = useAllowed('listStaffUsers');
  const inProgress = useAllowed('listInProgress');
  const dashboard = useAllowed('readDashboard');
  return (
    <nav aria-label="Admissions office" className="staff-nav">
      <ul>
        <li>
          <NavLink to={STAFF_HOME} end={false}>
            Applications
          </NavLink>
        </li>
        {queue && (
          <li>
            <NavLink to="/staff/queue">Reading queue</NavLink>
          </li>
        )}
        {committee && (
          <li>
            <NavLink to="/staff/committee">Committee</NavLink>
          </li>
        )}
        {inProgress && (
          <li>
            <NavLink to="/staff/in-progress">In progress</NavLink>
          </li>
        )}
        {dashboard && (
          <li>
            <NavLink to="/staff/dashboard">Dashboard</NavLink>
          </li>
        )}
        {releases && (
          <li>
            <NavLink to="/staff/releases">Releases</NavLink>
          </li>
        )}
        {mailings && (
          <li>
            <NavLink to="/staff/mailings">Mailings</NavLink>
          </li>
        )}
        {links && (
          <li>
            <NavLink to="/staff/links">Temporary links</NavLink>
          </li>
        )}
        {officeAudit && (
          <li>
            <NavLink to="/staff/audit">Access record</NavLink>
          </li>
        )}
        {settings && (
          <li>
            <NavLink to="/staff/settings">Settings</NavLink>
          </li>
        )}
        {apiClients && (
          <li>
            <NavLink to="/staff/api-clients">API clients</NavLink>
          </li>
        )}
        {staffUsers && (
          <li>
            <NavLink to="/staff/staff-users">Staff</NavLink>
          </li>
        )}
        <li>
          <button type="button" className="link-button" onClick={() => void signOut()} aria-disabled={leaving || undefined}>
            Sign out
          </button>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The console's frame: its own header and navigation (none on the sign-in screen), one main. It
 * reads the member's role once and gives it to everything inside (`useAllowed`), nothing
 * role-bound until it is known.
 */
function StaffFrame({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const { data } = useQuery({ ...sessionQuery(), enabled: signedIn });
  return (
    <RoleProvider value={data?.role}>
      <div className="site staff">
        <header className="site-header staff-header">
          <Link to={STAFF_HOME} className="site-header__brand">
            <InstitutionLogo />
            <span className="site-header__title">
              {institution.abbreviation} <span>Admissions office</span>
            </span>
          </Link>
          {signedIn && <StaffNav />}
        </header>
        <main id="main" className="staff-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </RoleProvider>
  );
}

function StaffLayout() {
  const { pathname } = useLocation();
  return (
    <StaffFrame signedIn={pathname !== STAFF_LOGIN}>
      <Outlet />
    </StaffFrame>
  );
}

/**
 * A failed read (other than a lost session, which the loaders send to sign-in) inside the frame.
 * A refusal (403: a role the screen needs, or no role at all) shows the server's words.
 */
function StaffErrorScreen() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : (error as { status?: number } | null)?.status;
  const notFound = status === 404;
  const title = notFound ? 'Not found' : status === 403 ? 'No access' : 'Something went wrong';
  useStaffTitle(`Error: ${title}`);
  return (
    <StaffFrame signedIn>
      <h1>{title}</h1>
      <p>
        {notFound
          ? 'There is no submitted application at this address.'
          : ((error as Error | null)?.message ?? 'The page could not be loaded. Please try again later.')}
      </p>
      <p>
        <Link to={STAFF_HOME}>Back to the applications</Link>
      </p>
    </StaffFrame>
  );
}

export const Component = StaffLayout;
export const ErrorBoundary = StaffErrorScreen;
