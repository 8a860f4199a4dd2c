import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, afterEach } from 'vitest';
import { fakeFetch, sentJson } from '#web/test/fetch';
import { renderRoutes } from '#web/test/render-app';
import { ConfirmRoute } from './routes/confirm';
import { ForgotRoute } from './routes/forgot';
import { LoginRoute } from './routes/login';
import { ResetRoute } from './routes/reset';
import { SignupRoute } from './routes/signup';

function renderAt(path: string, element: React.ReactNode, state?: unknown, search = '') {
  return renderRoutes(
    [
      { path, element },
      { path: '/confirm', element: <p>confirm page</p> },
      { path: '/about', element: <p>about page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    [{ pathname: path, search, state }],
  );
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
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Your email address must be valid.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a server refusal inline as the "Sign Up Card Error" toast and goes to /confirm on success', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => new Response(JSON.stringify({ message: 'An account with the given email already exists.' }), { status: 400 })),
    );
    const router = renderAt('/signup', <SignupRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Abcdefghijk1!');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const toast = await screen.findByRole('alert', { name: 'Sign Up Card Error' });
    expect(within(toast).getByText('An account with the given email already exists.')).toBeInTheDocument();
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => new Response(JSON.stringify({ message: 'Check your e-mail.' }), { status: 200 })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
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

  it('saves answers typed before the account existed at the first login, and only those, as new answers', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    vi.stubGlobal(
      'fetch',
      fakeFetch((url: string, init?: RequestInit) => {
        calls.push([url, init]);
        if (url === '/api/profile')
          return new Response(
            JSON.stringify({ answer: { city: 'Springfield' }, document_answer: {}, username: 'a', last_page: null, successful_login: [], web_status: [] }),
          );
        return new Response('{"message":"ok"}');
      }),
    );
    renderAt('/login', <LoginRoute />, { studentAnswers: { first_name: 'Ada', last_name: '' } });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('about page');
    const put = calls.find(([url, init]) => url === '/api/answer' && init?.method === 'PUT');
    // Not the stored answers again: a stale copy would undo what another tab saved meanwhile.
    expect(sentJson(put?.[1])).toEqual({ first_name: 'Ada', base: { first_name: '' } });
  });
});

/** A fetch mock that records each call and answers every one with `status` and `{message, errors}`. */
function answerWith(status: number, message: string, errors?: Record<string, string[]>) {
  const calls: Array<[string, RequestInit | undefined]> = [];
  vi.stubGlobal(
    'fetch',
    fakeFetch((url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify(errors ? { message, errors } : { message }), { status });
    }),
  );
  return calls;
}

describe('confirm card', () => {
  it('checks only the code: with a valid code and no e-mail it calls the server and shows its refusal', async () => {
    const calls = answerWith(400, 'Your email address must be valid.', { username: ['Your email address must be valid.'] });
    renderAt('/confirm', <ConfirmRoute />);
    await userEvent.type(screen.getByLabelText('Confirmation code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await screen.findByRole('alert', { name: 'Confirm Card Error' });
    expect(within(toast).getByText('Your email address must be valid.')).toBeInTheDocument();
    // The field the server refused is marked too, its message tied to it.
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Your email address must be valid.'));
    expect(calls.map(([url]) => url)).toEqual(['/public/confirm']);
    expect(sentJson(calls[0]?.[1])).toEqual({ username: '', code: '123456' });
  });

  it('does not call the server while the code is invalid and says why beside the field', async () => {
    const calls = answerWith(200, 'ok');
    renderAt('/confirm', <ConfirmRoute />, { username: 'ada@example.com' });
    await userEvent.type(screen.getByLabelText('Confirmation code'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Confirmation code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The confirmation code must be exactly 6 numbers.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('reset password card', () => {
  it('checks password, confirm_password and id only: without a username it calls the server and shows its refusal', async () => {
    const calls = answerWith(400, 'Your email address must be valid.');
    renderAt('/reset', <ResetRoute />, undefined, '?id=abc123');
    await userEvent.type(screen.getByLabelText('New password'), 'Abcdefghijk1!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Abcdefghijk1!');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await screen.findByRole('alert', { name: 'Reset Password Card Error' });
    expect(within(toast).getByText('Your email address must be valid.')).toBeInTheDocument();
    expect(calls.map(([url]) => url)).toEqual(['/public/reset-password']);
    expect(sentJson(calls[0]?.[1])).toEqual({ username: '', password: 'Abcdefghijk1!', confirm_password: 'Abcdefghijk1!', id: 'abc123' });
  });

  it('goes to /login with the username after a successful reset', async () => {
    answerWith(200, 'Password reset.');
    const router = renderAt('/reset', <ResetRoute />, undefined, '?username=ada%40example.com&id=abc123');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await userEvent.type(screen.getByLabelText('New password'), 'Abcdefghijk1!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Abcdefghijk1!');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('login page');
    expect(router.state.location.state).toMatchObject({ username: 'ada@example.com', successMessage: 'Password reset.' });
  });
});

describe('forgot password card', () => {
  it('shows the success message once, as the card toast with a close action', async () => {
    answerWith(200, 'Check your e-mail for a reset link.');
    renderAt('/forgot', <ForgotRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await screen.findByRole('status', { name: 'Forgot Password Card Message' });
    expect(within(toast).getByText('Check your e-mail for a reset link.')).toBeInTheDocument();
    expect(screen.getAllByText('Check your e-mail for a reset link.')).toHaveLength(1);
    await userEvent.click(within(toast).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Check your e-mail for a reset link.')).not.toBeInTheDocument();
  });
});
