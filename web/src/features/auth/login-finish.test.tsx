import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formLoader, completionLoader } from '#web/app/loaders';
import { ToastProvider } from '#web/components/Toasts';
import { queryClient } from '#web/lib/query-client';
import { LoginRoute } from './routes/login';

const MARKER = 'CognitoIdentityServiceProvider.localclient.loggedIn';

type Reply = Response | Promise<Response>;

/** The API after a successful sign-in: the login sets the readable marker, as the server's cookie does. */
function api(routes: { profile: () => Reply; saveAnswers?: () => Reply }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (path === '/public/login') {
        document.cookie = `${MARKER}=1; path=/`;
        return Response.json({ message: 'Logged in.' });
      }
      if (path === '/api/profile') return routes.profile();
      if (path === '/api/answer' && init?.method === 'PUT') return (routes.saveAnswers ?? (() => Response.json({ message: 'Saved.' })))();
      return Response.json({ message: 'ok' });
    }),
  );
}

const profile = (statuses: string[]) =>
  Response.json({
    answer: { first_name: 'Ada' },
    document_answer: {},
    username: 'ada@example.com',
    last_page: '/about',
    successful_login: ['x'],
    web_status: statuses.map((web_status) => ({ web_status })),
  });

function openLogin(carried?: Record<string, string>) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginRoute },
      { path: '/about', loader: formLoader, Component: () => <p>about page</p> },
      { path: '/completion', loader: completionLoader, Component: () => <p>completion page</p> },
    ],
    { initialEntries: [{ pathname: '/login', state: carried ? { studentAnswers: carried } : undefined }] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

async function signIn() {
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'Correct-Horse-9battery');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

// Each journey types an e-mail and a password key by key, then signs in: more than 5 s on a busy machine.
describe('after signing in', { timeout: 20_000 }, () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = `${MARKER}=; Max-Age=0; path=/`;
  });

  it('the full-screen spinner shows while the profile loads, not a card saying "Please wait…"', async () => {
    let release: () => void = () => {};
    const profileAnswered = new Promise<void>((resolve) => (release = resolve));
    api({ profile: () => profileAnswered.then(() => profile(['started'])) });
    openLogin();
    await signIn();
    const spinner = await screen.findByRole('status', { name: /signing you in/i });
    expect(spinner).toHaveClass('spinner-screen');
    expect(screen.queryByText('Please wait…')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sign In' })).toBeNull();
    release();
    expect(await screen.findByText('about page')).toBeInTheDocument();
  });

  it('a refused save of the answers typed before signing in (409, submitted) lands on the completion page with a toast', async () => {
    api({
      profile: () => profile(['started', 'validating', 'submitted']),
      saveAnswers: () => Response.json({ message: 'Your application has been submitted and can no longer be changed.' }, { status: 409 }),
    });
    openLogin({ last_name: 'Lovelace' });
    await signIn();
    expect(await screen.findByText('completion page')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/answers you typed before signing in were not saved/i);
    expect(screen.getByRole('alert')).toHaveTextContent('Your application has been submitted and can no longer be changed.');
    expect(screen.queryByText('Please wait…')).toBeNull();
  });
});
