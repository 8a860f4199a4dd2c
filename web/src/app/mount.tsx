import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hasSessionCookie } from '../lib/cookies';
import { startHydration } from '../lib/hydrated';
import { activeLanguage } from '../lib/i18n';
import { setFirstRenderDate } from '../lib/render-date';
import { App, type DataRouter } from './app';
import { routerInitialized } from './router-ready';

/**
 * The build rendered this path, in `language`, for a visitor arriving without a session, a query or history
 * state. Anything else (a reset link's query, a reload after a redirect with a message, a
 * redirect by a loader, an error) renders afresh over the same layout rather than hydrate
 * HTML that is not what this visitor sees.
 */
const sameAsPrerendered = (router: DataRouter, path: string, language: string | undefined) =>
  router.state.location.pathname === path &&
  router.state.location.search === '' &&
  router.state.location.state == null &&
  !router.state.errors &&
  !hasSessionCookie() &&
  // One file per language, chosen by the language cookie or Accept-Language (form/prerendered.ts); another choice in this browser renders afresh.
  activeLanguage() === language;

/**
 * As a transition, React renders and hydrates in slices, yielding to the browser between them
 * (an urgent update would hydrate the whole tree in one task): the page already shows its HTML,
 * and a phone's main thread stays free for the person's taps meanwhile.
 */
const hydrate = (container: HTMLElement, app: ReactNode) => {
  startHydration();
  startTransition(() => void hydrateRoot(container, app));
};
const render = (container: HTMLElement, app: ReactNode) => startTransition(() => createRoot(container).render(app));

/**
 * Puts the app on the page: hydrates a prerendered page once its route is loaded, or renders over
 * the shell's spinner (web/src/prerender-entry.tsx made both). Its own module, loaded by main.tsx
 * after the router is made: React's renderer (react-dom/client, the largest library) then
 * evaluates in a task of its own rather than in one long start-up task.
 */
export function mount(router: DataRouter, container: HTMLElement): void {
  /** The path the build rendered this HTML for; absent in index.html, the shell. */
  const prerendered = container.dataset.prerendered;
  setFirstRenderDate(container.dataset.renderDate ?? null);
  const app = <App router={router} />;
  if (!prerendered) {
    // The shell's spinner is not hydrated: a transition renders later than it is asked for, and a
    // route that finished loading meanwhile made the first render differ from the spinner (React
    // error #418 on most signed-in loads). The spinner stays on screen until React's first commit
    // replaces it.
    render(container, app);
    return;
  }
  void routerInitialized(router).then(() => {
    if (sameAsPrerendered(router, prerendered, container.dataset.language)) hydrate(container, app);
    else render(container, app);
  });
}
