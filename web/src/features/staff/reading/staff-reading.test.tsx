import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReadingQueue } from '#form/wire/reading';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, renderApp, second, sessionOf as session, stubStaffApi, summary } from '../shared/test-support';

journeys(30_000);

const UNTIL = '2026-11-24T15:30:00.000Z';
const detail = { ...summary, pages: [], documents: [], pdf: { status: 'IN_PROGRESS' }, recommendations: [], office_status: 'in_review', history: [] };
const reviewForm = { 'GET /staff/api/review-form': { body: { criteria: [], recommendations: ['admit', 'deny', 'waitlist', 'defer'] } } };
const queue: ReadingQueue = {
  counts: { assigned: 2, checked_out: 0, open: 1, committee: 3 },
  items: [
    { id: 'app-1', reference: summary.reference, name: summary.name, submitted_at: summary.submitted_at, assigned: true },
    { id: 'app-2', reference: second.reference, name: second.name, submitted_at: second.submitted_at, assigned: false },
  ],
};
const taken = (id: string) => ({ body: { id, checkout: { by: 'ana@example.edu', until: UNTIL }, renewed: false, message: 'Checked out to you.' } });

describe('the reading queue', () => {
  it('shows the counts and the applications, assigned first; "Read next" skips one another reader took meanwhile and opens the next, checked out', async () => {
    const calls = stubStaffApi({
      ...session('decider'),
      ...reviewForm,
      'GET /staff/api/queue': { body: queue },
      // Someone took the first one between the queue's read and the click.
      'PUT /staff/api/applications/app-1/checkout': {
        status: 409,
        body: { message: 'bob@example.edu is reading this application until 3:30 PM CST.', checkout: { by: 'bob@example.edu', until: UNTIL } },
      },
      'PUT /staff/api/applications/app-2/checkout': taken('app-2'),
      'DELETE /staff/api/applications/app-2/checkout': { body: { message: 'Released.' } },
      'GET /staff/api/applications/app-2': { body: { ...detail, ...second } },
    });
    const user = userEvent.setup();
    renderApp('/staff/queue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reading queue' })).toBeInTheDocument();
    const facts = screen.getByText('Assigned to you, not yet read').closest('dl') as HTMLElement;
    expect(facts).toHaveTextContent('Assigned to you, not yet read2');
    expect(facts).toHaveTextContent('Waiting for the committee3');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]?.textContent)).toEqual(['To you', 'Open to any reader']);
    await expectNoAxeViolations('the reading queue');

    screen.getByRole('button', { name: 'Read next' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: second.name })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Checkout' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Checked out to you until');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
      '/staff/api/applications/app-1/checkout',
      '/staff/api/applications/app-2/checkout',
    ]);
    await expectNoAxeViolations('the application, checked out');

    await user.click(within(panel).getByRole('button', { name: 'Release it' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/staff/api/applications/app-2/checkout')).toBe(true));
    expect(within(panel).getByRole('status')).toHaveTextContent('Not checked out to you');
  });

  it('says so when nothing is left to read', async () => {
    stubStaffApi({ ...session('reader'), 'GET /staff/api/queue': { body: { counts: { assigned: 0, checked_out: 0, open: 0 }, items: [] } } });
    const user = userEvent.setup();
    renderApp('/staff/queue');
    await user.click(await screen.findByRole('button', { name: 'Read next' }));
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('There is nothing left in your queue to read');
    expect(screen.queryByText('Waiting for the committee')).toBeNull();
    await expectNoAxeViolations('an empty queue');
  });
});

describe('checkout on the application page', () => {
  it('says who holds the application and until when when another reader has it', async () => {
    stubStaffApi({
      ...session('reader'),
      ...reviewForm,
      'GET /staff/api/applications/app-1': { body: detail },
      'PUT /staff/api/applications/app-1/checkout': { status: 409, body: { message: 'bob@example.edu is reading this application until 3:30 PM CST.' } },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const panel = await screen.findByRole('region', { name: 'Checkout' });
    await user.click(within(panel).getByRole('button', { name: 'Check out to read' }));
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('bob@example.edu is reading this application until 3:30 PM CST.'));
    await expectNoAxeViolations('a checkout refused');
  });
});

describe('the committee queue', () => {
  it('lists the applications whose reads disagree, with each read', async () => {
    stubStaffApi({
      ...session('decider'),
      'GET /staff/api/committee': {
        body: {
          items: [
            {
              id: 'app-1',
              reference: summary.reference,
              name: summary.name,
              submitted_at: summary.submitted_at,
              disagreement: 'recommendations',
              reads: [
                { reviewer: 'ann@example.edu', recommendation: 'admit', total: 14 },
                { reviewer: 'bob@example.edu', recommendation: 'deny', total: 6 },
              ],
            },
          ],
        },
      },
    });
    renderApp('/staff/committee');
    const table = await screen.findByRole('table');
    expect(table).toHaveTextContent('One recommends admit, another deny');
    expect(table).toHaveTextContent('ann@example.edu: Admit, total 14');
    await expectNoAxeViolations('the committee queue');
  });
});

describe('reassignment', () => {
  it('lets an admin send the selected applications to readers typed in a dialog; a wrong address is refused in its summary', async () => {
    const calls = stubStaffApi({
      ...session('admin'),
      'GET /staff/api/applications': { body: { items: [summary, second], cursor: null } },
      'POST /staff/api/assignments': { body: { count: 1, readers: ['cat@example.edu'], message: '1 application assigned to cat@example.edu.' } },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications');
    await user.click(await screen.findByRole('checkbox', { name: `Select ${summary.reference}` }));
    await user.click(await screen.findByRole('button', { name: 'Reassign 1 selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign 1 application' });
    const field = within(dialog).getByLabelText('Readers’ e-mail addresses');
    await user.type(field, 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('alert')).toHaveFocus());
    await expectNoAxeViolations('the reassignment refused');
    await user.clear(field);
    await user.type(field, 'Cat@example.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await vi.waitFor(() => expect(screen.getByText('1 application assigned to cat@example.edu.')).toHaveFocus());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['app-1'], readers: ['cat@example.edu'] });
  });
});
