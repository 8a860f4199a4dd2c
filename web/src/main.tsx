import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type DataRouter } from './app/app';
import { createRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';
import { hasSessionCookie } from './lib/cookies';
import { forgetSession } from './lib/logout';
import { prefetchProfile } from './lib/profile';
import { queryClient } from './lib/query-client';
import { setFirstRenderDate } from './lib/render-date';
import { SESSION_INVALID_MESSAGE } from './lib/messages';
import { paths } from './lib/routes';
import './styles.css';

// The profile first, in parallel with everything below: the form's loader waits for it anyway.
if (hasSessionCookie()) prefetchProfile();

const container = document.getElementById('root')!;
/** The path the build rendered this HTML for (web/prerender.ts); absent in index.html, the shell. */
const prerendered = container.dataset.prerendered;
setFirstRenderDate(container.dataset.renderDate ?? null);

const router = createRouter();

// A 401 means the session is lost: the cache is cleared and the applicant goes to /login with the session message.
setUnauthorizedHandler(() => {
  forgetSession(queryClient);
  void router.navigate(paths.login, { replace: true, state: { errorMessage: SESSION_INVALID_MESSAGE } });
});

const app = <App router={router} />;

/** Resolves once the first route's chunks and loaders are in: the render that the build made. */
const initialized = (r: DataRouter) =>
  new Promise<void>((resolve) => {
    if (r.state.initialized) return resolve();
    const stop = r.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/**
 * The build rendered this path for a visitor arriving without a session, a query or history
 * state. Anything else (a reset link's query, a reload after a redirect with a message, a
 * redirect by a loader, an error) renders afresh over the same layout rather than hydrate
 * HTML that is not what this visitor sees.
 */
const sameAsPrerendered = (path: string) =>
  router.state.location.pathname === path &&
  router.state.location.search === '' &&
  router.state.location.state == null &&
  !router.state.errors &&
  !hasSessionCookie();

if (!prerendered) {
  // The shell: the root's spinner, which the router renders until the first route is loaded.
  // (Vite's development server serves index.html with an empty #root.)
  if (router.state.initialized || !container.firstElementChild) createRoot(container).render(app);
  else hydrateRoot(container, app);
} else {
  void initialized(router).then(() => {
    if (sameAsPrerendered(prerendered)) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
