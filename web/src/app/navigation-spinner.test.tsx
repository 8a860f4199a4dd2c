import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { RootLayout } from './root-layout';

describe('while a lazy page loads', () => {
  it('the full-screen spinner shows, and goes once the page is there', async () => {
    let release: () => void = () => {};
    const chunk = new Promise<void>((resolve) => (release = resolve));
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: RootLayout,
          children: [
            { path: 'about', Component: () => <Link to="/education-ug">2. Your Academics</Link> },
            { path: 'education-ug', lazy: () => chunk.then(() => ({ Component: () => <h1>2. Your Academics</h1> })) },
          ],
        },
      ],
      { initialEntries: ['/about'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('link', { name: '2. Your Academics' }));
    const spinner = await screen.findByRole('status', { name: 'Loading' });
    expect(spinner).toHaveClass('spinner-screen');
    release();
    expect(await screen.findByRole('heading', { name: '2. Your Academics' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
