import { createRouterInSteps } from './app/router';
import { PRELOADS_LISTED } from './app-events';
import { setUnauthorizedHandler } from './lib/api-client';
import { hasSessionCookie } from './lib/cookies';
import { activateLanguage, initialLanguage } from './lib/i18n';
import { forgetSession } from './lib/logout';
import { sessionInvalidMessage } from './lib/messages';
import { nextTask } from './lib/next-task';
import { prefetchProfile } from './lib/profile';
import { queryClient } from './lib/query-client';
import { paths } from './lib/routes';

// The language's catalog (a small chunk of its own) first: nothing is shown before it is in.
// A catalog that cannot load leaves the last one active (English's ids show at worst).
const languageReady = activateLanguage(initialLanguage()).catch(() => undefined);

// The profile first, then the router, which starts loading the route's chunks and data at once;
// React mounts after (app/mount.tsx), in parallel with those requests.
if (hasSessionCookie()) prefetchProfile();

/** boot.ts has put every preload of #root's list in the document (a few per task). */
const preloadsListed = () =>
  new Promise<void>((resolve) => {
    const root = document.getElementById('root');
    if (!root?.dataset.preload || root.dataset.preloaded !== undefined) return resolve();
    document.addEventListener(PRELOADS_LISTED, () => resolve(), { once: true });
  });

// Evaluating this module's graph (React, the router, react-query, the stores) is a task; the
// router's steps are the next ones, then React's renderer (its chunk preloaded by every page): a
// phone's main thread is never blocked by one long start-up task (the page's HTML is painted).
const routerReady = nextTask().then(() => createRouterInSteps(() => Promise.all([nextTask(), preloadsListed()]).then(() => undefined)));

// A 401 means the session is lost: the cache is cleared and the applicant goes to /login with the session message.
setUnauthorizedHandler(() => {
  forgetSession(queryClient);
  void routerReady.then((router) => router.navigate(paths.login, { replace: true, state: { errorMessage: sessionInvalidMessage() } }));
});

void routerReady.then(async (router) => {
  await nextTask();
  const [{ mount }] = await Promise.all([import('./app/mount'), languageReady]);
  mount(router, document.getElementById('root')!);
});
