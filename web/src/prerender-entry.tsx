/// <reference types="vite/client" />
/**
 * The build's server-side entry (web/prerender.ts builds it with Vite's SSR mode and calls it in
 * Node): renders a path with the same routes and App as the browser, after its lazy chunks and
 * loaders have run, as a visitor without a session sees it, in each language (one file per
 * language: form/prerendered.ts).
 */
import { isValidElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { DEFAULT_LANGUAGE, type LanguageCode } from '#form/i18n/languages';
import { App, type DataRouter } from './app/app';
import { appRoutes } from './app/router';
import { routerInitialized } from './app/router-ready';
import { activateLanguage } from './lib/i18n';
import { institutionNames } from './lib/institution-words';
import { setFirstRenderDate } from './lib/render-date';

/** Every module a route can load lazily, to name the ones a page used (their chunks are preloaded). */
const routeModules = import.meta.glob<Record<string, unknown>>(['./app/*.tsx', './features/**/routes/*.tsx', './features/*/layout.tsx', '!**/*.test.tsx'], {
  eager: true,
});

/** Source paths ('src/…', as in Vite's manifest) of the modules whose components the page renders. */
function modulesOf(router: DataRouter): string[] {
  const used = new Set<string>();
  for (const { route } of router.state.matches) {
    // The router keeps a lazy module's Component as the route's element.
    const component = isValidElement(route.element) ? route.element.type : undefined;
    for (const [file, exports] of Object.entries(routeModules)) {
      if (component && exports.Component === component) used.add(`src/${file.slice(2)}`);
    }
  }
  return [...used];
}

export interface RenderedPage {
  html: string;
  /** Source modules of the page's lazy routes: their chunks and CSS go into the page's head. */
  modules: string[];
  /** The document's title before the app sets its own: the application's title and the institution's name in the page's language. */
  title: string;
}

export async function renderPage(path: string, renderDate: string, language: LanguageCode): Promise<RenderedPage> {
  setFirstRenderDate(renderDate);
  // The language's catalog, and the parts the pages have asked for so far (the form's), before the routes load theirs.
  await activateLanguage(language);
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  await routerInitialized(router);
  const { location, errors } = router.state;
  if (location.pathname !== path) throw new Error(`prerendering ${path}: a visitor without a session is sent to ${location.pathname}`);
  if (errors) throw new Error(`prerendering ${path}: ${JSON.stringify(errors)}`);
  const html = renderToString(<App router={router} />);
  router.dispose();
  const { name, title } = institutionNames();
  return { html, modules: modulesOf(router), title: `${title} – ${name}` };
}

/** index.html's body: the root's spinner, which the browser's router renders until a route is loaded. */
export async function renderShell(): Promise<string> {
  setFirstRenderDate(null);
  // The spinner has no words but its label; the browser renders over it in the visitor's language.
  await activateLanguage(DEFAULT_LANGUAGE);
  // Any path that is not prerendered: the root's spinner shows while its route loads.
  const router = createMemoryRouter(appRoutes(), { initialEntries: ['/index.html'] });
  const html = renderToString(<App router={router} />);
  router.dispose();
  return html;
}
