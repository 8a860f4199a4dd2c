import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import { Link, NavLink, Outlet, isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { institution } from '#form/institution';
import type { StaffRole } from '#form/wire/roles';
import { allows } from '#form/wire/staff-access';
import { InstitutionLogo } from '#web/components/InstitutionLogo';
import { STAFF_HOME, STAFF_LOGIN } from './api/queries';
import { staffLogout } from './api/staff-api';
import { useStaffTitle } from './title';
import { useStaffRole } from './use-staff-role';
import './staff.css';

function StaffHeader({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const role = useStaffRole(signedIn);
  const signOut = async () => {
    setLeaving(true);
    // Signing out locally happens whatever the server says: the cookies are the server's to clear.
    await staffLogout().catch(() => undefined);
    queryClient.removeQueries({ queryKey: ['staff'] });
    await navigate(STAFF_LOGIN, { replace: true, state: { message: 'You have signed out.' } });
  };
  return (
    <header className="site-header staff-header">
      <Link to={STAFF_HOME} className="site-header__brand">
        <InstitutionLogo />
        <span className="site-header__title">
          {institution.abbreviation} <span>Admissions office</span>
        </span>
      </Link>
      {signedIn && (
        <nav aria-label="Admissions office" className="staff-nav">
          <ul>
            <li>
              <NavLink to={STAFF_HOME} end={false}>
                Applications
              </NavLink>
            </li>
            {allows(role, 'listReleases') && (
              <li>
                <NavLink to="/staff/releases">Releases</NavLink>
              </li>
            )}
            {allows(role, 'listTemporaryLinks') && (
              <li>
                <NavLink to="/staff/links">Temporary links</NavLink>
              </li>
            )}
            {allows(role, 'readAudit', 'the office-wide trail') && (
              <li>
                <NavLink to="/staff/audit">Access record</NavLink>
              </li>
            )}
            <li>
              <button type="button" className="link-button" onClick={() => void signOut()} aria-disabled={leaving || undefined}>
                Sign out
              </button>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}

/**
 * What the signed-in member may do, as the frame knows it; its screens read it with
 * `useStaffCapabilities()`, so a screen's chunk needs nothing more of its own to know the role
 * (the route table lists each screen's imports in the applicant's first load). Everything false
 * until the role is known.
 */
export interface StaffCapabilities {
  role: StaffRole | undefined;
  /** Decisions, other members' reviews, the decision and reply columns, the bulk decision. */
  decide: boolean;
  /** Releases. */
  release: boolean;
  /** Changing a released decision. */
  changeReleased: boolean;
}

const CapabilitiesContext = createContext<StaffCapabilities>({ role: undefined, decide: false, release: false, changeReleased: false });

export const useStaffCapabilities = (): StaffCapabilities => useContext(CapabilitiesContext);

/** The console's frame: its own header and navigation (none on the sign-in screen), one main. */
export function StaffLayout() {
  const { pathname } = useLocation();
  const signedIn = pathname !== STAFF_LOGIN;
  const role = useStaffRole(signedIn);
  const capabilities: StaffCapabilities = {
    role,
    decide: allows(role, 'recordDecision'),
    release: allows(role, 'scheduleRelease'),
    changeReleased: allows(role, 'recordDecision', 'changing a released decision'),
  };
  return (
    <div className="site staff">
      <StaffHeader signedIn={signedIn} />
      <main id="main" className="staff-main" tabIndex={-1}>
        <CapabilitiesContext.Provider value={capabilities}>
          <Outlet />
        </CapabilitiesContext.Provider>
      </main>
    </div>
  );
}

/** A failed read (other than a lost session, which the loaders send to sign-in) inside the frame. */
export function StaffErrorScreen() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) ? error.status === 404 : (error as { status?: number } | null)?.status === 404;
  const title = notFound ? 'Not found' : 'Something went wrong';
  useStaffTitle(`Error: ${title}`);
  return (
    <div className="site staff">
      <StaffHeader signedIn />
      <main id="main" className="staff-main" tabIndex={-1}>
        <h1>{title}</h1>
        <p>
          {notFound
            ? 'There is no submitted application at this address.'
            : ((error as Error | null)?.message ?? 'The page could not be loaded. Please try again later.')}
        </p>
        <p>
          <Link to={STAFF_HOME}>Back to the applications</Link>
        </p>
      </main>
    </div>
  );
}

export const Component = StaffLayout;
export const ErrorBoundary = StaffErrorScreen;
