import type { ReactNode } from 'react';
import { AccountMenu } from '../features/account-menu';
import { SiteFooter } from '../features/help';
import { preloadAuth } from './preload';
import { SiteHeader } from './site-header';

/** The signed-in applicant's frame outside the form (the status page, closing the account): the header with the account menu, the page, the footer. */
export function SignedInFrame({ children }: { children: ReactNode }) {
  return (
    <div className="site">
      <SiteHeader>
        <AccountMenu preload={preloadAuth} />
      </SiteHeader>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
