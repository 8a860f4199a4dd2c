import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PossibleDuplicate } from '#form/wire/duplicates';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, queryOf, renderApp, sessionOf as session, stubStaffApi, summary } from '../shared/test-support';

journeys(30_000);

const detail = { ...summary, pages: [], documents: [], pdf: { status: 'IN_PROGRESS' }, recommendations: [], office_status: 'submitted', history: [] };
const reviewForm = { 'GET /staff/api/review-form': { body: { criteria: [], recommendations: ['admit', 'deny', 'waitlist', 'defer'] } } };

/** One flag of app-1, with app-2 (same last name and birth date); the route records a verdict. */
function duplicatesServer(role: string) {
  const flag: PossibleDuplicate = {
    id: 'app-2',
    reference: 'K7Q2M9TX',
    name: 'Jeanne Dupont',
    submitted_at: '2026-11-20T15:00:00.000Z',
    rules: ['name-birth'],
    state: 'open',
  };
  return stubStaffApi({
    ...session(role),
    ...reviewForm,
    'GET /staff/api/applications/app-1': { body: detail },
    'GET /staff/api/applications/app-1/duplicates': () => ({ body: { items: [{ ...flag }] } }),
    'PUT /staff/api/applications/app-1/duplicates/app-2': ({ body }) => {
      const { verdict } = body as { verdict: 'same' | 'not' };
      Object.assign(flag, { state: verdict, by: 'ana@example.edu', at: '2026-11-24T15:00:00.000Z' });
      return { body: { message: `Marked as not a duplicate of ${flag.reference}: the flag will not come back.`, items: [{ ...flag }] } };
    },
  });
}

describe('possible duplicates on the application page', () => {
  it('shows what matched and lets a reader say “not a duplicate” with the keyboard', async () => {
    const calls = duplicatesServer('reader');
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const panel = await screen.findByRole('region', { name: 'Possible duplicates' });
    expect(within(panel).getByRole('link', { name: 'Jeanne Dupont, K7Q2M9TX' })).toHaveAttribute('href', '/staff/applications/app-2');
    expect(panel).toHaveTextContent('Matched on the same last name and date of birth.');
    expect(panel).toHaveTextContent('Not looked at yet.');
    await expectNoAxeViolations('a possible duplicate, open');

    within(panel).getByRole('button', { name: 'Same person (K7Q2M9TX)' }).focus();
    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Not a duplicate (K7Q2M9TX)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const said = await within(panel).findByRole('status');
    expect(said).toHaveTextContent('Marked as not a duplicate of K7Q2M9TX');
    await vi.waitFor(() => expect(said).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/staff/api/applications/app-1/duplicates/app-2', { verdict: 'not' }],
    ]);
    await vi.waitFor(() => expect(panel).toHaveTextContent('Not a duplicate, marked by ana@example.edu'));
    // The verdict given is not offered again; the other one is.
    expect(within(panel).queryByRole('button', { name: /^Not a duplicate/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Same person (K7Q2M9TX)' })).toBeInTheDocument();
    await expectNoAxeViolations('a possible duplicate, judged');
  });

  it('shows nothing when no application was flagged', async () => {
    stubStaffApi({
      ...session('reader'),
      ...reviewForm,
      'GET /staff/api/applications/app-1': { body: detail },
      'GET /staff/api/applications/app-1/duplicates': { body: { items: [] } },
    });
    renderApp('/staff/applications/app-1');
    await screen.findByRole('heading', { level: 1 });
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Possible duplicates' })).toBeNull());
  });
});

describe('the list’s duplicates filter', () => {
  it('asks for the flagged applications and keeps the filter in the address and the exports', async () => {
    const calls = stubStaffApi({
      ...session('reader'),
      'GET /staff/api/applications': { body: { items: [summary], cursor: null } },
      'GET /staff/api/queue/next': { status: 404, body: { message: 'Nothing left.' } },
    });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications');
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Possible duplicates'), 'Flagged only');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?duplicate=flagged'));
    const lists = calls.filter((c) => c.url.startsWith('/staff/api/applications'));
    await vi.waitFor(() => expect(queryOf(lists.at(-1))).toMatchObject({ duplicate: 'flagged' }));
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', expect.stringContaining('duplicate=flagged')));
  });
});
