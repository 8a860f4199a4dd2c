import { Outlet, useLoaderData } from 'react-router-dom';
import { AccountMenu } from '../features/account-menu';
import { ApplicationErrorSummary, ApplicationNav, FormProvider, ReviewSuggestion, ServicePrintRoute } from '../features/application';
import { DeadlineBanners, WelcomeBanner } from '../features/banners';
import { SiteFooter } from '../features/help';
import type { FormLoaderData } from './loaders';
import { preloadAuth } from './preload';
import { SiteHeader } from './site-header';

/** The form branch: header, banners, left navigation, error summary, page, footer. */
export function FormLayout() {
  const data = useLoaderData<FormLoaderData>();
  if (data.mode === 'service') return <ServicePrintRoute token={data.token} />;
  return (
    <FormProvider>
      <div className="site">
        <SiteHeader>
          <AccountMenu preload={preloadAuth} />
        </SiteHeader>
        <div className="form-shell">
          <ApplicationNav />
          <main id="main" className="form-main" tabIndex={-1}>
            <DeadlineBanners />
            <WelcomeBanner />
            <ApplicationErrorSummary />
            <ReviewSuggestion />
            <Outlet />
          </main>
        </div>
        <SiteFooter />
      </div>
    </FormProvider>
  );
}

export const Component = FormLayout;
