import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { journeys, renderApp, stubStaffApi } from '../shared/test-support';

journeys();

describe('temporary links', () => {
  const issuedLink = {
    id: '00mhqz1k0a1b2c3d4e5f6',
    issued_at: '2026-11-24T15:00:00.000Z',
    issued_by: 'bo@example.edu',
    expires_at: '2099-12-08T15:00:00.000Z',
    keys: ['first_name'],
    recipient_name: 'Sam Prospect',
    recipient_email: 'sam@example.com',
  };
  const signedIn = {
    'GET /staff/api/session': { body: { email: 'ana@example.edu' } },
    'GET /staff/api/temporary-links': { body: { items: [issuedLink], cursor: null } },
  };

  it('prepares answers with their labels and shows the link, focused, with a copy button', async () => {
    const calls = stubStaffApi({
      ...signedIn,
      'POST /staff/api/temporary-links': {
        body: { id: '00mhqz1k0ffffffffffff', url: 'http://localhost:3000/about?token=abc', expires_at: '2026-12-01T08:00:00.000Z', sent_to: 'sam@example.com' },
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/links');
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Recipient’s name'), 'Sam Prospect');
    await user.type(screen.getByLabelText('Recipient’s e-mail'), 'sam@example.com');
    await user.selectOptions(screen.getByLabelText('Major'), 'Nursing');
    await user.clear(screen.getByLabelText(/Link expires after/));
    await user.type(screen.getByLabelText(/Link expires after/), '14');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Link created' })).toHaveFocus();
    expect(screen.getByLabelText('Temporary link')).toHaveValue('http://localhost:3000/about?token=abc');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      answer: { first_name: 'Sam', applied_major: 'NURS', applied_major_desc: 'Nursing' },
      expires_in_days: 14,
      recipient: { name: 'Sam Prospect', email: 'sam@example.com' },
    });
    expect(screen.getByText('It has been e-mailed to sam@example.com.')).toBeInTheDocument();
    expect(screen.getByText(/It works until December 1, 2026 at 2:00 AM CST\./)).toBeInTheDocument();
    // The form is fresh for the next prospect.
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Recipient’s e-mail')).toHaveValue('');
    expect(screen.getByLabelText('Major')).toHaveValue('');
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/about?token=abc');
    expect(screen.getByText('Copied to the clipboard.')).toHaveAttribute('role', 'status');
  });

  it('lists the links issued and revokes one', async () => {
    let revoked = false;
    const calls = stubStaffApi({
      ...signedIn,
      'GET /staff/api/temporary-links': () => ({
        body: { items: [revoked ? { ...issuedLink, revoked_at: '2026-11-25T15:00:00.000Z', revoked_by: 'ana@example.edu' } : issuedLink], cursor: null },
      }),
      [`DELETE /staff/api/temporary-links/${issuedLink.id}`]: () => {
        revoked = true;
        return { body: { message: 'The link is revoked: it no longer opens the application.' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/links');
    const row = await screen.findByRole('row', { name: /Sam Prospect/ });
    expect(row).toHaveTextContent('November 24, 2026 at 9:00 AM CST');
    expect(row).toHaveTextContent('by bo@example.edu');
    expect(row).toHaveTextContent('Not yet');
    await user.click(within(row).getByRole('button', { name: 'Revoke the link for Sam Prospect, sam@example.com' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Links issued' })).toHaveFocus());
    expect(screen.getByText('The link for Sam Prospect, sam@example.com is revoked: it no longer opens the application.')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Sam Prospect/ })).toHaveTextContent('Revoked November 25, 2026 at 9:00 AM CST by ana@example.edu');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('asks for at least one answer and a lifetime of 1 to 90 days before calling the server', async () => {
    const calls = stubStaffApi(signedIn);
    const user = userEvent.setup();
    renderApp('/staff/links');
    await user.clear(await screen.findByLabelText(/Link expires after/));
    await user.type(screen.getByLabelText(/Link expires after/), '91');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveFocus();
    expect(
      within(alert)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Fill in at least one answer to prepare.', 'Enter a whole number of days from 1 to 90.']);
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(/Fill in at least one answer to prepare\./);
    expect(document.title).toBe('Error: Temporary links | Admissions office');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('puts the server’s refusal beside the field it names', async () => {
    stubStaffApi({
      ...signedIn,
      'POST /staff/api/temporary-links': {
        status: 400,
        body: { message: 'Some answers cannot be prepared.', errors: { first_name: ['First Name is too long.'] } },
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/links');
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveTextContent('Some answers cannot be prepared.');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(/First Name is too long\./);
  });

  it('goes to the sign-in when the session ends while the form is open', async () => {
    // The session ends with the form open: from then on the server refuses it, its session check included.
    let ended = false;
    const refused = { status: 401, body: { message: 'Please sign in.' } };
    stubStaffApi({
      ...signedIn,
      'GET /staff/api/session': () => (ended ? refused : signedIn['GET /staff/api/session']),
      'POST /staff/api/temporary-links': () => ((ended = true), refused),
    });
    const user = userEvent.setup();
    const router = renderApp('/staff/links');
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/staff/links')}`);
  });

  it('sends a visitor without a staff session to the sign-in first', async () => {
    stubStaffApi({ 'GET /staff/api/session': { status: 401, body: { message: 'Please sign in.' } } });
    const router = renderApp('/staff/links');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/staff/links')}`);
  });
});
