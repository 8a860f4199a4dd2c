import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../features/help';
import { SiteHeader } from './site-header';

/** The recommender's frame: the institution's header without the application's navigation or an account menu. */
export function RecommendLayout() {
  return (
    <div className="site">
      <SiteHeader linked={false} />
      <main id="main" className="recommend-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

export const Component = RecommendLayout;
