import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { journeys, renderApp, stubStaffApi, summary } from '../shared/test-support';

journeys();

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Admissions:ana@example.edu?secret=${SECRET}&issuer=Admissions&algorithm=SHA1&digits=6&period=30`;
const list = { body: { items: [summary], cursor: null } };

describe('staff sign-in', () => {
  it('takes a first sign-in through the new password and the authenticator set-up, then to the list', async () => {
    const calls = stubStaffApi(
      {
        'POST /staff/api/login': ({ body }) => {
          const b = body as { challenge?: string };
          if (!b.challenge) return { body: { challenge: 'NEW_PASSWORD_REQUIRED', session: 's1' } };
          if (b.challenge === 'NEW_PASSWORD_REQUIRED') return { body: { challenge: 'MFA_SETUP', session: 's2', secret: SECRET, otpauth_uri: URI } };
          return { body: { email: 'ana@example.edu' } };
        },
        'GET /staff/api/applications': list,
      },
      { signedOut: true },
    );
    const user = userEvent.setup();
    renderApp('/staff/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    // Only the console's own frame: no applicant navigation before signing in.
    expect(screen.queryByRole('navigation', { name: 'Admissions office' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'ana@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Temporary-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const newPassword = await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    expect(newPassword).toHaveFocus();
    expect(calls.at(-1)?.body).toEqual({ email: 'ana@example.edu', password: 'Temporary-Pass-1' });
    await user.type(screen.getByLabelText('New password'), 'My-own-Passw0rd!');
    await user.type(screen.getByLabelText('Confirm new password'), 'My-own-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toHaveFocus();
    expect(calls.at(-1)?.body).toEqual({ email: 'ana@example.edu', challenge: 'NEW_PASSWORD_REQUIRED', session: 's1', new_password: 'My-own-Passw0rd!' });
    const qr = await screen.findByRole('img', { name: 'QR code that adds this account to an authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // The secret is there as text for whoever cannot scan, in groups of four.
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Submitted applications' })).toBeInTheDocument();
    expect(calls.find((c) => c.body && (c.body as { challenge?: string }).challenge === 'MFA_SETUP')?.body).toEqual({
      email: 'ana@example.edu',
      challenge: 'MFA_SETUP',
      session: 's2',
      code: '123456',
    });
    expect(screen.getByRole('link', { name: summary.reference })).toBeInTheDocument();
  });

  it('asks for the code on later sign-ins and shows a refused code in the error summary, which takes focus', async () => {
    stubStaffApi(
      {
        'POST /staff/api/login': ({ body }) =>
          (body as { challenge?: string }).challenge
            ? { status: 401, body: { message: 'That code is not right. Enter the current code from your authenticator app.' } }
            : { body: { challenge: 'SOFTWARE_TOKEN_MFA', session: 's1' } },
      },
      { signedOut: true },
    );
    const user = userEvent.setup();
    renderApp('/staff/login');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.edu');
    await user.type(screen.getByLabelText('Password'), 'My-own-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toHaveFocus();
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is not right. Enter the current code from your authenticator app.');
    expect(alert).toHaveFocus();
    expect(document.title).toBe('Error: Enter your sign-in code | Admissions office');
    // The session stayed: the app did not treat a staff 401 as the applicant's lost session.
    expect(window.location.pathname).toBe('/staff/login');
  });

  it('checks the fields first: a summary linking to each field, each field described by its message', async () => {
    const calls = stubStaffApi({}, { signedOut: true });
    const user = userEvent.setup();
    renderApp('/staff/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveFocus();
    expect(within(alert).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Please provide a valid email address\./);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password is required\./);
    await user.click(within(alert).getByRole('link', { name: 'Password is required.' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('refuses a code that is not six digits and two new passwords that differ', async () => {
    stubStaffApi({ 'POST /staff/api/login': { body: { challenge: 'NEW_PASSWORD_REQUIRED', session: 's1' } } }, { signedOut: true });
    const user = userEvent.setup();
    renderApp('/staff/login');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.edu');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Password must be at least 12 characters.' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'The two passwords must match.' })).toBeInTheDocument();
  });

  it('sends a visitor without a staff session to the sign-in, and back to the screen asked for afterwards', async () => {
    let signedIn = false;
    stubStaffApi({
      'GET /staff/api/applications': () => (signedIn ? list : { status: 401, body: { message: 'Please sign in.' } }),
      'POST /staff/api/login': ({ body }) => {
        if (!(body as { challenge?: string }).challenge) return { body: { challenge: 'SOFTWARE_TOKEN_MFA', session: 's' } };
        signedIn = true;
        return { body: { email: 'ana@example.edu' } };
      },
    });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications?major=CS');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/staff/applications?major=CS')}`);
    await user.type(screen.getByLabelText('Email'), 'ana@example.edu');
    await user.type(screen.getByLabelText('Password'), 'My-own-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Submitted applications' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/staff/applications?major=CS');
  });

  it('sends a visitor who never signed in to the sign-in without asking the server (no refused request in the console)', async () => {
    const calls = stubStaffApi({ 'GET /staff/api/applications': list }, { signedOut: true });
    const router = renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/staff/applications')}`);
    expect(calls).toEqual([]);
  });

  it('sends someone already signed in straight on, once the server confirms the session', async () => {
    document.cookie = 'StaffSession.loggedIn=1; path=/';
    stubStaffApi({ 'GET /staff/api/session': { body: { email: 'ana@example.edu' } }, 'GET /staff/api/applications': list });
    const router = renderApp(`/staff/login?next=${encodeURIComponent('/staff/applications?q=ada')}`);
    await screen.findByRole('heading', { level: 1, name: 'Submitted applications' });
    expect(router.state.location.search).toBe('?q=ada');
  });

  it('shows the sign-in when the marker cookie outlived the session', async () => {
    document.cookie = 'StaffSession.loggedIn=1; path=/';
    stubStaffApi({ 'GET /staff/api/session': { status: 401, body: { message: 'Please sign in.' } } });
    renderApp('/staff/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
  });

  it('never follows a next address off the console', async () => {
    stubStaffApi({ 'POST /staff/api/login': { body: { email: 'ana@example.edu' } }, 'GET /staff/api/applications': list }, { signedOut: true });
    const user = userEvent.setup();
    const router = renderApp(`/staff/login?next=${encodeURIComponent('//evil.example/staff/x')}`);
    await user.type(await screen.findByLabelText('Email'), 'ana@example.edu');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Submitted applications' });
    expect(router.state.location.pathname).toBe('/staff/applications');
  });

  it('signs out through the server and says so on the sign-in screen', async () => {
    const calls = stubStaffApi({ 'GET /staff/api/applications': list, 'GET /staff/api/logout': { body: { message: 'You are signed out.' } } });
    const user = userEvent.setup();
    renderApp('/staff/applications');
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' });
    await user.click(within(nav).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('status', { name: 'Staff sign-in message' })).toHaveTextContent('You have signed out.');
    await waitFor(() => expect(calls.some((c) => c.url === '/staff/api/logout')).toBe(true));
  });
});
