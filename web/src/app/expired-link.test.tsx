import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { fakeFetch } from '../test/fetch';
import { RootErrorScreen } from './error-screen';
import { formLoader } from './loaders';

/** The form branch as the app has it: its loader reads the temporary answers of `?token=`. */
function openTemporaryAnswersLink(status: number) {
  vi.stubGlobal(
    'fetch',
    fakeFetch((url: string) => {
      if (String(url).startsWith('/public/tmp')) return Response.json({ message: 'Not found.' }, { status });
      return Response.json({ message: 'unexpected call' }, { status: 500 });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/about', loader: formLoader, errorElement: <RootErrorScreen />, Component: () => <p>the form</p> },
      { path: '/login', Component: () => <p>the sign-in card</p> },
    ],
    { initialEntries: [`/about?token=${status}-${Math.random().toString(36).slice(2)}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a temporary-answers link that has expired or is unknown', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the link has expired and what to do, not that something went wrong', async () => {
    openTemporaryAnswersLink(404);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong.')).toBeNull();
    expect(screen.getByRole('link', { name: /sign in/i })).toHaveAttribute('href', '/login');
    const afresh = screen.getByRole('link', { name: /start a new application/i });
    expect(afresh).toHaveAttribute('href', '/about');
  });

  it('any other failure of the link is still the root error screen', async () => {
    openTemporaryAnswersLink(503);
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
  });
});
