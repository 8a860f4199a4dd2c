/**
 * Renders routes as the app provides them (a query client, the toasts, a router in memory) for
 * tests of screens that navigate; returns the router to read where it went.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ToastProvider } from '#web/components/Toasts';
import { createQueryClient } from '#web/lib/query-client';

type InitialEntries = NonNullable<NonNullable<Parameters<typeof createMemoryRouter>[1]>['initialEntries']>;

export function renderRoutes(routes: RouteObject[], initialEntries: InitialEntries) {
  const router = createMemoryRouter(routes, { initialEntries });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}
