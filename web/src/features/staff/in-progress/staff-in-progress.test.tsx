import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InProgressRow } from '#form/wire/in-progress';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, queryOf, renderApp, sessionOf as session, stubStaffApi } from '../shared/test-support';

journeys(30_000);

const row = (n: number, extra: Partial<InProgressRow> = {}): InProgressRow => ({
  id: `app-${n}`,
  name: `Ada ${n}`,
  email: `ada${n}@example.com`,
  cycle: 'current',
  cycle_label: 'This cycle',
  round: 'rd',
  round_label: 'Regular Decision',
  started_at: '2026-11-20T14:30:00.000Z',
  last_activity: '2026-11-22T09:15:00.000Z',
  pages_done: 1,
  pages_total: 3,
  missing: ['Your Academics', 'Final Steps'],
  ...extra,
});

describe('applications in progress', () => {
  it('lists who started and what is missing, pages forward and back, filters by cycle and exports the same list', async () => {
    const calls = stubStaffApi({
      ...session('reader'),
      'GET /staff/api/in-progress': ({ url }) => {
        const q = queryOf({ method: 'GET', url });
        if (q.cycle === 'next') return { body: { cycle: 'next', items: [], cursor: null } };
        if (q.cursor) return { body: { cycle: 'current', items: [row(2, { pages_done: 3, missing: [] })], cursor: null } };
        return { body: { cycle: 'current', items: [row(1)], cursor: '2026-11-20T14:30:00.000Z#app-1' } };
      },
    });
    const user = userEvent.setup();
    const router = renderApp('/staff/in-progress');
    const table = await screen.findByRole('table', { name: 'Applications in progress, This cycle' });
    const cells = within(table).getAllByRole('row')[1]!;
    expect(cells).toHaveTextContent('Ada 1');
    expect(cells).toHaveTextContent('ada1@example.com');
    expect(cells).toHaveTextContent('1 of 3');
    expect(cells).toHaveTextContent('Your Academics, Final Steps');
    // The navigation offers it once the member's role is known.
    expect(await screen.findByRole('link', { name: 'In progress' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /^Export CSV/ })).toHaveAttribute('href', '/staff/api/in-progress.csv');
    await expectNoAxeViolations('the applications in progress');

    await user.click(screen.getByRole('link', { name: 'Next applications' }));
    await vi.waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('Nothing: ready to submit'));
    expect(queryOf(calls.filter((c) => c.url.startsWith('/staff/api/in-progress')).at(-1))).toEqual({ cursor: '2026-11-20T14:30:00.000Z#app-1' });
    await user.click(screen.getByRole('link', { name: 'Previous applications' }));
    await vi.waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('Ada 1'));

    await user.selectOptions(screen.getByLabelText('Cycle'), 'next');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(router.state.location.search).toContain('cycle=next'));
    expect(await screen.findByRole('status')).toHaveTextContent('No application of Next cycle is in progress.');
    expect(screen.getByRole('link', { name: /^Export CSV/ })).toHaveAttribute('href', expect.stringContaining('cycle=next'));
    await expectNoAxeViolations('no application in progress');
  });
});
