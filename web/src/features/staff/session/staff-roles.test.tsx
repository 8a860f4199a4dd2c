import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NO_ROLE_REFUSAL } from '#form/wire/roles';
import { queryClient } from '#web/lib/query-client';
import { formatDateTime } from '../shared/format';
import { journeys, queryOf, renderApp, sessionOf as session, stubStaffApi, summary } from '../shared/test-support';

journeys();

const list = { 'GET /staff/api/applications': { body: { items: [{ ...summary, office_status: 'in_review' }], cursor: null } } };

describe('the console by role', () => {
  it('shows a reader no temporary links and no office-wide access record', async () => {
    stubStaffApi({ ...session('reader'), ...list });
    renderApp('/staff/applications');
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' });
    await vi.waitFor(() => expect(queryClient.getQueryData(['staff', 'session'])).toBeDefined());
    expect(within(nav).getByRole('link', { name: 'Applications' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Temporary links' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Access record' })).toBeNull();
  });

  it('shows an admin both', async () => {
    stubStaffApi({ ...session('admin'), ...list });
    renderApp('/staff/applications');
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' });
    expect(await within(nav).findByRole('link', { name: 'Temporary links' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Access record' })).toBeInTheDocument();
  });
});

describe('what a role offers', () => {
  it("is there when a screen first shows, however late the role's read answers (the decision columns of the list)", async () => {
    stubStaffApi({ ...session('decider'), ...list });
    const answer = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.startsWith('/staff/api/session') ? held.then(() => answer(url, init)) : answer(url, init),
    );
    renderApp('/staff/applications');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The list has answered; the role has not: the screen waits rather than show columns that then appear.
    expect(screen.queryByRole('table')).toBeNull();
    release();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Reply' })).toBeInTheDocument();
  });
});

describe('a member without a role', () => {
  it("sees the server's words, under a heading that says there is no access, and can still sign out", async () => {
    const refusal = { status: 403, body: { message: NO_ROLE_REFUSAL } };
    stubStaffApi({ 'GET /staff/api/session': refusal, 'GET /staff/api/applications': refusal });
    renderApp('/staff/applications');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText(NO_ROLE_REFUSAL)).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe('the office status', () => {
  it('shows in the list and filters it through the address and the exports', async () => {
    const calls = stubStaffApi({ ...session('reader'), ...list });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('In review');
    await user.selectOptions(screen.getByLabelText('Office status'), 'Decided');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=decided'));
    const lists = calls.filter((c) => c.url.startsWith('/staff/api/applications'));
    // In the current cycle, which the address leaves out.
    await vi.waitFor(() => expect(queryOf(lists.at(-1))).toEqual({ status: 'decided', cycle: 'current' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/staff/api/export.csv?cycle=current&status=decided'),
    );
    expect(screen.getByLabelText('Office status')).toHaveValue('decided');
  });

  it('and its history show on the application, oldest first, with when and who', async () => {
    const history = [
      { at: '2026-11-21T09:00:00.000Z', staff: 'bo@example.edu', from: 'submitted', to: 'in_review', what: 'First review' },
      { at: '2026-11-22T16:45:00.000Z', staff: 'cy@example.edu', from: 'in_review', to: 'decided', what: 'Decision: Admit' },
    ];
    stubStaffApi({
      ...session('decider'),
      'GET /staff/api/applications/app-1': {
        body: { ...summary, pages: [], documents: [], pdf: { status: 'IN_PROGRESS' }, office_status: 'decided', history },
      },
    });
    renderApp('/staff/applications/app-1');
    const region = await screen.findByRole('region', { name: 'Status history' });
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      `${formatDateTime(history[0]!.at)}bo@example.eduSubmittedIn reviewFirst review`,
      `${formatDateTime(history[1]!.at)}cy@example.eduIn reviewDecidedDecision: Admit`,
    ]);
    expect(screen.getByText('Office status').nextElementSibling).toHaveTextContent('Decided');
  });

  it('an application without changes says so', async () => {
    stubStaffApi({
      ...session('reader'),
      'GET /staff/api/applications/app-1': {
        body: { ...summary, pages: [], documents: [], pdf: { status: 'IN_PROGRESS' }, office_status: 'submitted', history: [] },
      },
    });
    renderApp('/staff/applications/app-1');
    const region = await screen.findByRole('region', { name: 'Status history' });
    expect(region).toHaveTextContent('No changes yet');
  });
});
