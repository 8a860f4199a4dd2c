import { describe, expect, it, vi, afterEach } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../../lib/query-client';
import { ToastProvider } from '../../components/Toasts';
import { SignupRoute } from './routes/signup';
import { LoginRoute } from './routes/login';

function renderAt(path: string, element: React.ReactNode, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/confirm', element: <p>confirm page</p> },
      { path: '/about', element: <p>about page</p> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-up card', () => {
  it('moves each password rule from inactive to error to success as the applicant types', async () => {
    renderAt('/signup', <SignupRoute />);
    const rule = (text: RegExp) => screen.getByText(text).closest('li')!;
    expect(rule(/At least 12 characters/)).toHaveAttribute('data-state', 'inactive');
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    expect(rule(/At least 12 characters/)).toHaveAttribute('data-state', 'error');
    expect(rule(/A lowercase letter/)).toHaveAttribute('data-state', 'success');
    await userEvent.type(screen.getByLabelText('Password'), 'DEF123456!x');
    expect(rule(/At least 12 characters/)).toHaveAttribute('data-state', 'success');
  });

  it('reports only the field being typed in, then every field on submit without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/signup', <SignupRoute />);
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Your email address must be valid.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a server refusal inline as the "Sign Up Card Error" toast and goes to /confirm on success', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'An account with the given email already exists.' }), { status: 400 })));
    const router = renderAt('/signup', <SignupRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Abcdefghijk1!');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await screen.findByRole('alert', { name: 'Sign Up Card Error' });
    expect(within(toast).getByText('An account with the given email already exists.')).toBeInTheDocument();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Check your e-mail.' }), { status: 200 })));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('confirm page');
    expect(router.state.location.state).toMatchObject({ username: 'ada@example.com' });
  });
});

describe('login card', () => {
  it('shows the message passed in navigation state as an error toast', () => {
    renderAt('/login', <LoginRoute />, { errorMessage: 'You have been automatically logged out due to inactivity.' });
    expect(screen.getByRole('alert', { name: 'Login Card Error' })).toHaveTextContent('You have been automatically logged out due to inactivity.');
  });

  it('asks for a valid e-mail before resending a confirmation code', async () => {
    renderAt('/login', <LoginRoute />);
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation code?' }));
    expect(screen.getByRole('alert', { name: 'Resend Confirmation Code Error' })).toHaveTextContent(
      'You must provide a valid email address to resend a confirmation code.',
    );
  });

  it('saves answers typed before the account existed at the first login', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push([url, init]);
        if (url === '/api/profile')
          return new Response(JSON.stringify({ answer: { city: 'Springfield' }, document_answer: {}, username: 'a', last_page: null, successful_login: [], web_status: [] }));
        return new Response('{"message":"ok"}');
      }),
    );
    renderAt('/login', <LoginRoute />, { studentAnswers: { first_name: 'Ada', last_name: '' } });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('about page');
    const put = calls.find(([url, init]) => url === '/api/answer' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ city: 'Springfield', first_name: 'Ada' });
  });
});
