import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../features/help';
import { useDocumentTitle } from '../lib/title';
import { SiteHeader } from './site-header';

/** The auth branch: a plain header, one card, the footer. */
export function AuthLayout() {
  useDocumentTitle();
  return (
    <div className="site">
      <SiteHeader />
      <main id="main" className="auth-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

export const Component = AuthLayout;
