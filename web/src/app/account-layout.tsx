import { redirect } from 'react-router-dom';
import { CloseAccountPage } from '../features/account';
import { AccountMenu } from '../features/account-menu';
import { SiteFooter } from '../features/help';
import { hasSessionCookie } from '../lib/cookies';
import { paths } from '../lib/routes';
import { SiteHeader } from './site-header';
import { preloadAuth } from './preload';

/** Closing one's account needs a session; without one the sign-in comes first. Lazy with its page (not in the first load). */
export function loader(): Response | null {
  return hasSessionCookie() ? null : redirect(paths.login);
}

export function Component() {
  return (
    <div className="site">
      <SiteHeader>
        <AccountMenu preload={preloadAuth} />
      </SiteHeader>
      <main id="main" tabIndex={-1}>
        <CloseAccountPage />
      </main>
      <SiteFooter />
    </div>
  );
}
