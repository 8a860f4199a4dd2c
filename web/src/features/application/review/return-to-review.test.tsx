import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#web/components/Toasts';
import { answersStore, savedAnswersStore } from '#web/lib/answers';
import { createQueryClient } from '#web/lib/query-client';
import { updateSnapshot } from '#web/lib/session';
import { fakeFetch } from '#web/test/fetch';
import { FormRuntimeContext } from '../components/form-runtime';
import { FormPage } from '../components/FormPage';
import { testRuntime } from '../components/test-runtime';
import { ReviewPage } from './ReviewPage';

function renderForm(initial: string) {
  const router = createMemoryRouter(
    [
      { path: '/review', element: <ReviewPage /> },
      { path: '/about', element: <FormPage id="about" /> },
      { path: '/education-ug', element: <FormPage id="education-ug" /> },
    ],
    { initialEntries: [initial] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <FormRuntimeContext.Provider value={testRuntime({ loggedIn: true })}>
          <RouterProvider router={router} />
        </FormRuntimeContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('a Change link on the review page', () => {
  afterEach(() => {
    answersStore.set({});
    savedAnswersStore.set({});
    vi.unstubAllGlobals();
  });

  it('opens the question with "Save and return to review", which saves and returns there', async () => {
    const fetchMock = fakeFetch(() => Response.json({ message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    updateSnapshot({ is_logged_in: true, web_status: undefined });
    answersStore.set({ first_name: 'Ada' });
    savedAnswersStore.set({ first_name: 'Ada' });
    const router = renderForm('/review');
    await userEvent.click(screen.getByRole('link', { name: 'Change First Name' }));
    // The page's fields load lazily: the first render of a form page takes a moment in a test.
    await screen.findByRole('heading', { level: 1, name: '1. About You' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Save and continue' })).not.toBeInTheDocument();
    answersStore.set({ first_name: 'Augusta' });
    await userEvent.click(screen.getByRole('button', { name: 'Save and return to review' }));
    // The review page renders every page's answers: on a busy machine more than findBy's one second.
    await screen.findByRole('heading', { level: 1, name: 'Review your answers' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/review');
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/answer') && init?.method === 'PUT')).toBe(true);
    // Its own waits are 10 s each: the test as a whole may take longer than the default 5 s.
  }, 30_000);

  it('is the only way the page offers it: a page opened otherwise continues to the next page', async () => {
    updateSnapshot({ is_logged_in: true, web_status: undefined });
    renderForm('/about');
    await screen.findByRole('heading', { level: 1, name: '1. About You' });
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save and return to review' })).not.toBeInTheDocument();
  });
});
