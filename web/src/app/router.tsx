import {
  createBrowserRouter,
  redirect,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createDataRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router-dom';
import { FullScreenSpinner } from '../components/Spinner';
import { paths } from '../lib/routes';
import { RootErrorScreen } from './error-screen';
import { authLoader, completionLoader, formLoader, unknownPathLoader } from './loaders';
import { loginChunk, signupChunk } from './preload';
import { RootLayout } from './root-layout';

/**
 * The app's routes. Two branches under one root error screen: auth cards and the form (whose loader
 * fetches the profile behind the full-screen spinner). Every screen is a lazy chunk. A function,
 * not a constant: the browser and the build's prerenderer each make their own router of them.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      errorElement: <RootErrorScreen />,
      HydrateFallback: FullScreenSpinner,
      children: [
        {
          id: 'auth',
          loader: authLoader,
          lazy: () => import('./auth-layout'),
          children: [
            { path: paths.login, lazy: loginChunk },
            { path: paths.signup, lazy: signupChunk },
            { path: paths.confirm, lazy: () => import('../features/auth/routes/confirm') },
            { path: paths.forgot, lazy: () => import('../features/auth/routes/forgot') },
            { path: paths.reset, lazy: () => import('../features/auth/routes/reset') },
          ],
        },
        {
          id: 'form',
          loader: formLoader,
          lazy: () => import('./form-layout'),
          children: [
            { path: paths.about, lazy: () => import('../features/application/routes/about') },
            { path: paths.education, lazy: () => import('../features/application/routes/education') },
            { path: paths.finalSteps, lazy: () => import('../features/application/routes/final-steps') },
            { path: paths.review, lazy: () => import('../features/application/routes/review') },
          ],
        },
        { path: paths.completion, loader: completionLoader, lazy: () => import('./completion-layout') },
        // Closing one's account (the account menu's CLOSE_ACCOUNT_PATH, not in lib/routes.ts: the first load stays within its budget).
        { path: '/account/close', lazy: () => import('./account-layout') },
        // The office's messages, before submission too (the account menu's MESSAGES_PATH).
        { path: '/account/messages', lazy: () => import('./messages-layout') },
        // A recommender's page: no session, no loader; the link's token is read by the page.
        {
          path: paths.recommend,
          lazy: () => import('./recommend-layout'),
          children: [{ index: true, lazy: () => import('../features/recommendations/routes/recommend') }],
        },
        // The institution's statements: static, prerendered, linked from every footer.
        {
          lazy: () => import('./statement-layout'),
          children: [
            { path: paths.accessibility, lazy: () => import('../features/statements/routes/accessibility') },
            { path: paths.privacy, lazy: () => import('../features/statements/routes/privacy') },
            { path: paths.terms, lazy: () => import('../features/statements/routes/terms') },
          ],
        },
        // The admissions office's console: its own frame and chunks, none of it in the applicant's initial load.
        {
          path: '/staff',
          lazy: () => import('../features/staff/session/layout'),
          children: [
            { index: true, loader: () => redirect('/staff/applications'), Component: FullScreenSpinner },
            { path: 'login', lazy: () => import('../features/staff/session/login-route') },
            { path: 'applications', lazy: () => import('../features/staff/applications/list-route') },
            { path: 'applications/:id', lazy: () => import('../features/staff/applications/application-route') },
            { path: 'applications/:id/audit', lazy: () => import('../features/staff/audit/audit-route') },
            { path: 'queue', lazy: () => import('../features/staff/reading/queue-route') },
            { path: 'committee', lazy: () => import('../features/staff/reading/committee-route') },
            { path: 'in-progress', lazy: () => import('../features/staff/in-progress/in-progress-route') },
            { path: 'links', lazy: () => import('../features/staff/links/links-route') },
            { path: 'releases', lazy: () => import('../features/staff/releases/releases-route') },
            { path: 'mailings', lazy: () => import('../features/staff/mailings/mailings-route') },
            { path: 'audit', lazy: () => import('../features/staff/audit/audit-route') },
            { path: 'settings', loader: () => redirect('/staff/settings/announcements'), Component: FullScreenSpinner },
            { path: 'settings/:section', lazy: () => import('../features/staff/settings/settings-route') },
            { path: 'api-clients', lazy: () => import('../features/staff/integrations/clients-route') },
            { path: 'staff-users', lazy: () => import('../features/staff/staff-users/staff-users-route') },
            { path: 'dashboard', lazy: () => import('../features/staff/dashboard/dashboard-route') },
            { path: '*', loader: () => redirect('/staff/applications'), Component: FullScreenSpinner },
          ],
        },
        // Its loader redirects before anything renders; the spinner is what the route would show
        // meanwhile (and the shell's prerender matches here: a leaf without one makes React Router warn).
        { path: '*', loader: unknownPathLoader, Component: FullScreenSpinner },
      ],
    },
  ];
}

export const createRouter = () => createBrowserRouter(appRoutes());

/**
 * The browser's router in steps, each a task of its own on a slow phone: `createBrowserRouter`
 * is these three in one call, and on a prerendered page's first load it was most of one long
 * task (60–100 ms of the main thread, 240–400 ms at Lighthouse's 4× CPU: the code runs for the
 * first time, so V8 compiles it as it goes), the "Unattributable" task of issue 41 item 6.
 * `next` waits for the next task between steps. The same options as `createBrowserRouter` gives
 * (no basename, no server's hydration data: the prerendered pages carry none).
 */
export async function createRouterInSteps(next: () => Promise<void>): Promise<ReturnType<typeof createBrowserRouter>> {
  // Its first replaceState (the history's index) is a call to the browser.
  const history = createBrowserHistory();
  await next();
  const router = createDataRouter({ history, routes: appRoutes(), mapRouteProperties, hydrationRouteProperties });
  await next();
  // Matches the address, then starts the route's chunks and loaders (each lazy import is the build's preload helper).
  return router.initialize();
}
