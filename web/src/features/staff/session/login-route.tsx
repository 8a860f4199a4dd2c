import { redirect, useLocation, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { safeNext } from '../api/queries';
import { staffSession } from '../api/staff-api';
import { LoginScreen } from './LoginScreen';

/** The console's readable marker cookie (the tokens themselves are HttpOnly). */
const STAFF_MARKER = /(?:^|;\s*)StaffSession\.loggedIn=1(?:;|$)/;

/**
 * Someone already signed in goes straight on. The marker alone could be stale (an expired
 * session), which would bounce between here and the list, so the server confirms it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // No document when the build prerenders this page (a visitor without the marker).
  if (typeof document === 'undefined' || !STAFF_MARKER.test(document.cookie)) return null;
  const signedIn = await staffSession().then(
    () => true,
    () => false,
  );
  return signedIn ? redirect(safeNext(new URL(request.url).searchParams.get('next'))) : null;
}

/** The sign-in, with what the screen before said (e.g. "You have signed out."); signed in, on to where the person was going. */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const incoming = (location.state as { message?: string } | null)?.message;
  return <LoginScreen incoming={incoming} onSignedIn={() => void navigate(safeNext(params.get('next')), { replace: true })} />;
}
