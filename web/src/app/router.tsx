import { createBrowserRouter } from 'react-router-dom';
import { FullScreenSpinner } from '../components/Spinner';
import { RootErrorScreen } from './error-screen';
import { RootLayout } from './root-layout';
import { authLoader, completionLoader, formLoader, unknownPathLoader } from './loaders';
import { paths } from '../lib/routes';

import { loginChunk, signupChunk } from './preload';

/**
 * 000 §2 routes. Two branches under one root error screen: auth cards and the form (whose loader
 * fetches the profile behind the full-screen spinner). Every screen is a lazy chunk.
 */
export function createRouter() {
  return createBrowserRouter([
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
        { path: '*', loader: unknownPathLoader },
      ],
    },
  ]);
}
