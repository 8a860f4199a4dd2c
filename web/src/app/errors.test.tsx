import { useMutation, useQuery, onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../components/Toasts';
import { AccountMenu } from '../features/account-menu';
import { ApiError, call, UnauthorizedError } from '../lib/api-client';
import { genericErrorMessage } from '../lib/messages';
import { createQueryClient } from '../lib/query-client';
import { resetSnapshot, updateSnapshot } from '../lib/session';
import { fakeFetch } from '../test/fetch';
import { AppProvider } from './provider';

afterEach(() => {
  // Unmount first: the shared session store would otherwise re-render a mounted menu outside act().
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  resetSnapshot();
});

function Failing({ error }: { error: Error }) {
  const m = useMutation({ mutationFn: async () => Promise.reject(error) });
  return (
    <button type="button" onClick={() => m.mutate()}>
      save
    </button>
  );
}

describe('general mutation errors (the "Error" toast)', () => {
  it('become an error toast titled Error with the server’s message', async () => {
    render(
      <AppProvider>
        <Failing error={new ApiError('Your application has already been submitted.', 409)} />
      </AppProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Your application has already been submitted.');
  });

  it('say nothing for a lost session (it is handled once, by going to /login)', async () => {
    render(
      <AppProvider>
        <Failing error={new UnauthorizedError()} />
      </AppProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('general query errors (the "Error" toast)', () => {
  function Reader({ inline = false }: { inline?: boolean }) {
    const q = useQuery({ queryKey: ['tabs', inline], queryFn: () => call('readTabs'), meta: { inlineErrors: inline } });
    return <p>{q.isError ? 'read failed' : 'reading'}</p>;
  }

  it('become the Error toast with the server’s message, and the page stays', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => Response.json({ message: 'The tabs could not be read.' }, { status: 503 })),
    );
    render(
      <AppProvider>
        <Reader />
      </AppProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent('The tabs could not be read.');
    expect(screen.getByText('read failed')).toBeInTheDocument();
  });

  it('say nothing for a query that shows its own errors', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => Response.json({ message: 'nope' }, { status: 503 })),
    );
    render(
      <AppProvider>
        <Reader inline />
      </AppProvider>,
    );
    await screen.findByText('read failed');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('logout failure (the dialog error boundary)', () => {
  it('opens the "Unexpected Error" dialog with the generic message', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    updateSnapshot({ is_logged_in: true, username: 'ada@example.com' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <MemoryRouter>
            <AccountMenu preload={{ login: () => {}, signup: () => {} }} />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unexpected Error' });
    expect(dialog).toHaveTextContent(genericErrorMessage());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unexpected Error' })).not.toBeInTheDocument());
  });
});

describe('offline (data fetching pauses offline and resumes on reconnect)', () => {
  it('holds a save while offline and sends it once the connection is back', async () => {
    const fetchMock = fakeFetch(() => new Response('{"message":"saved"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    function Save() {
      const m = useMutation({ mutationFn: () => call('saveAnswers', { body: { first_name: 'Ada' } }) });
      return (
        <>
          <button type="button" onClick={() => m.mutate()}>
            save
          </button>
          <p>{m.isPaused ? 'paused' : m.isSuccess ? m.data.message : 'idle'}</p>
        </>
      );
    }
    act(() => onlineManager.setOnline(false));
    render(
      <QueryClientProvider client={client}>
        <Save />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await screen.findByText('paused');
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => onlineManager.setOnline(true));
    await screen.findByText('saved');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
