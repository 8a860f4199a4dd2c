import { CompletionPage, MaterialsChecklist, YourDecision } from '../features/completion';
import { AccountMenu } from '../features/account-menu';
import { SiteFooter } from '../features/help';
import { RecommendationsSection } from '../features/recommendations';
import { SiteHeader } from './site-header';
import { preloadAuth } from './preload';

export function Component() {
  return (
    <div className="site">
      <SiteHeader>
        <AccountMenu preload={preloadAuth} />
      </SiteHeader>
      <main id="main" tabIndex={-1}>
        <CompletionPage
          materials={
            <>
              <YourDecision />
              <MaterialsChecklist />
              <RecommendationsSection place="status" />
            </>
          }
        />
      </main>
      <SiteFooter />
    </div>
  );
}
