import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, renderApp, stubStaffApi } from '../shared/test-support';

journeys();

const rows = [
  { email: 'ana@example.edu', role: 'admin', mfa: true, last_sign_in: '2026-11-24T15:00:00.000Z', active: true, invited: false },
  { email: 'bo@example.edu', role: 'reader', mfa: false, last_sign_in: null, active: true, invited: true },
];
const signedIn = {
  'GET /staff/api/session': { body: { email: 'ana@example.edu', role: 'admin' } },
  'GET /staff/api/staff-users': { body: { items: rows } },
};

describe('the Staff screen', () => {
  it('lists the staff users in a captioned table; the admin’s own row offers no deactivation', async () => {
    stubStaffApi(signedIn);
    renderApp('/staff/staff-users');
    const table = await screen.findByRole('table', { name: 'Staff users, by e-mail' });
    const bo = within(table).getByRole('row', { name: /bo@example\.edu/ });
    expect(bo).toHaveTextContent(/reader.*Not set up.*Never.*Invited/);
    expect(within(bo).getByRole('button', { name: 'Deactivate bo@example.edu' })).toBeInTheDocument();
    const ana = within(table).getByRole('row', { name: /ana@example\.edu/ });
    expect(within(ana).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Staff' })).toBeInTheDocument();
  });

  it('an invitation with a bad address: the summary takes focus and the message is tied to the field; a refusal from the server is shown in its words', async () => {
    const calls = stubStaffApi({
      ...signedIn,
      'POST /staff/api/staff-users': { status: 409, body: { message: 'A staff user with the e-mail bo@example.edu already exists.' } },
    });
    const user = userEvent.setup();
    renderApp('/staff/staff-users');
    const email = await screen.findByLabelText('E-mail address');
    await user.type(email, 'bo');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByRole('heading', { name: /There is a problem/ })).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(/Enter the e-mail address in the correct format, like name@example\.edu\./);
    await expectNoAxeViolations('the Staff screen with an error');
    await user.clear(email);
    await user.type(email, 'bo@example.edu');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText(/A staff user with the e-mail bo@example.edu already exists\./)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'bo@example.edu', role: 'reader' });
  });

  it('deactivates after a confirmation and announces it; a role change sends the chosen role', async () => {
    const calls = stubStaffApi({
      ...signedIn,
      'POST /staff/api/staff-users/bo%40example.edu/deactivate': {
        body: { message: 'bo@example.edu is deactivated: they cannot sign in, and any session of theirs ends within a minute.', user: rows[1] },
      },
      'PUT /staff/api/staff-users/bo%40example.edu/role': { body: { message: 'bo@example.edu is now decider.', user: rows[1] } },
    });
    const user = userEvent.setup();
    renderApp('/staff/staff-users');
    await user.click(await screen.findByRole('button', { name: 'Deactivate bo@example.edu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate bo@example.edu?' });
    await expectNoAxeViolations('the deactivation confirmation');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const status = await screen.findByText(/bo@example.edu is deactivated/);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveFocus();

    await user.selectOptions(screen.getByLabelText('New role for bo@example.edu'), 'decider');
    await user.click(screen.getByRole('button', { name: 'Change role of bo@example.edu' }));
    expect(await screen.findByText('bo@example.edu is now decider.')).toHaveFocus();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'decider' });
  });
});
