import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, renderApp, sessionOf, stubStaffApi } from '../shared/test-support';

journeys(30_000);

const banner = {
  id: 'abc123def456',
  name: 'banner',
  scopes: ['applications.read', 'materials.write'],
  createdAt: '2026-11-20T15:00:00.000Z',
  lastUsedAt: '2026-11-28T15:00:00.000Z',
};
const tokenEndpoint = 'http://localhost:3000/oauth2/token';
const listOf = (clients: unknown[]) => ({ body: { clients, token_endpoint: tokenEndpoint } });

describe("the console's API clients", () => {
  it('is not in the navigation of a decider', async () => {
    stubStaffApi({ ...sessionOf('decider'), 'GET /staff/api/applications': { body: { items: [], cursor: null } } });
    renderApp('/staff/applications');
    expect(await screen.findByRole('link', { name: 'Applications' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'API clients' })).toBeNull();
  });

  it('is in the navigation of an admin, and lists the clients', async () => {
    stubStaffApi({ ...sessionOf('admin'), 'GET /staff/api/sis-clients': listOf([banner]) });
    renderApp('/staff/api-clients');
    expect(await screen.findByRole('link', { name: 'API clients' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('row', { name: /banner/ })).toHaveTextContent('applications.read, materials.write');
    await expectNoAxeViolations('API clients: the list');
  });

  it('refuses an empty form in words, the summary taking focus and each message beside its field', async () => {
    const calls = stubStaffApi({ ...sessionOf('admin'), 'GET /staff/api/sis-clients': listOf([]) });
    const user = userEvent.setup();
    renderApp('/staff/api-clients');
    await user.click(await screen.findByRole('button', { name: 'Create client' }));
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveFocus());
    expect(within(alert).getByRole('link', { name: /Enter a name for the client/ })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Choose at least one scope.' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'What may it do?' })).toHaveAccessibleDescription(/Choose at least one scope\./);
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription(/Enter a name for the client/);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await expectNoAxeViolations('API clients: a refused form');
  });

  it('creates a client and shows its secret once, focused, with the token endpoint; the form is fresh after', async () => {
    let made = false;
    const calls = stubStaffApi({
      ...sessionOf('admin'),
      'GET /staff/api/sis-clients': () => listOf(made ? [banner] : []),
      'POST /staff/api/sis-clients': () => {
        made = true;
        return { body: { client: banner, secret: 'the-secret-shown-once', token_endpoint: tokenEndpoint } };
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/api-clients');
    await user.type(await screen.findByLabelText(/^Name/), 'banner');
    await user.click(screen.getByRole('checkbox', { name: /Read submitted applications/ }));
    await user.click(screen.getByRole('checkbox', { name: /Mark checklist items/ }));
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Client banner created' })).toHaveFocus();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'banner', scopes: ['applications.read', 'materials.write'] });
    expect(screen.getByLabelText('Client secret')).toHaveValue('the-secret-shown-once');
    expect(screen.getByLabelText('Client id')).toHaveValue(banner.id);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /Read submitted applications/ })).not.toBeChecked();
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy the client secret' }));
    expect(writeText).toHaveBeenCalledWith('the-secret-shown-once');
    await expectNoAxeViolations('API clients: a new secret');
  });

  it("shows the server's refusal beside the name (a name taken)", async () => {
    stubStaffApi({
      ...sessionOf('admin'),
      'GET /staff/api/sis-clients': listOf([banner]),
      'POST /staff/api/sis-clients': {
        status: 409,
        body: { message: 'A client named banner already exists.', errors: { name: ['A client named banner already exists.'] } },
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/api-clients');
    await user.type(await screen.findByLabelText(/^Name/), 'banner');
    await user.click(screen.getByRole('checkbox', { name: /Record decisions/ }));
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    await vi.waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription(/A client named banner already exists\./));
  });

  it('revokes a client after a confirmation in a dialog, announcing it with focus on the list', async () => {
    let revoked = false;
    const calls = stubStaffApi({
      ...sessionOf('admin'),
      'GET /staff/api/sis-clients': () => listOf([revoked ? { ...banner, revokedAt: '2026-11-29T15:00:00.000Z' } : banner]),
      [`POST /staff/api/sis-clients/${banner.id}/revoke`]: () => {
        revoked = true;
        return { body: { client: { ...banner, revokedAt: '2026-11-29T15:00:00.000Z' } } };
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/api-clients');
    const row = await screen.findByRole('row', { name: /banner/ });
    await user.click(within(row).getByRole('button', { name: 'Revoke the client banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the client banner?' });
    await expectNoAxeViolations('API clients: the revocation dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Revoke the client banner' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke banner' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Clients' })).toHaveFocus());
    expect(screen.getByText('The client banner is revoked: its tokens are refused within a minute.')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /banner/ })).toHaveTextContent('Revoked November 29, 2026');
  });
});
