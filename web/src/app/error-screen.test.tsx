import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '#form/checks';
import { createQueryClient } from '../lib/query-client';
import { RootErrorScreen } from './error-screen';

function renderFailingRoute(error: Error) {
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RootErrorScreen />,
      loader: () => {
        throw error;
      },
      Component: () => <p>form</p>,
    },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the root error screen', () => {
  it('names a configuration problem of the form model (the developer checks run on localhost)', async () => {
    renderFailingRoute(new ConfigurationError('Configuration error: key nickname is not present in the tenant data model.', 'nickname'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Configuration problem: Configuration error: key nickname is not present in the tenant data model.');
  });

  it('shows any other error without its details', async () => {
    renderFailingRoute(new Error('database password is hunter2'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('hunter2');
  });
});
