import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../features/help';
import { useDocumentTitle } from '../lib/title';
import { SiteHeader } from './site-header';

/** The statement pages' frame (/accessibility, /privacy, /terms): the header, the statement, the footer; printable as it is. */
export function StatementLayout() {
  useDocumentTitle();
  return (
    <div className="site site--statement">
      <SiteHeader />
      <main id="main" className="statement-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

export const Component = StatementLayout;
