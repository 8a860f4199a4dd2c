import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, queryOf, renderApp, second, sessionOf, stubStaffApi, summary, type Call } from '../shared/test-support';

journeys();

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/staff/api/applications'));
const shared = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Texas admits',
  owner: 'dee@example.edu',
  shared: true,
  query: { state: 'TX', decision: 'admit', sort: 'score', order: 'desc' },
  created_at: '2027-01-10T12:00:00.000Z',
  updated_at: '2027-01-10T12:00:00.000Z',
};
const own = { ...shared, id: '00000000-0000-4000-8000-000000000002', name: 'By name', owner: 'ana@example.edu', shared: false, query: { sort: 'name' } };

describe('the list’s sort, new filters and saved filter sets', () => {
  it('offers a decider the decision, reply, state and school filters, the score order and its column; the sort goes into the address, not the export', async () => {
    const calls = stubStaffApi({
      ...sessionOf('decider'),
      'GET /staff/api/applications': { body: { items: [{ ...summary, average_score: 4.5 }, second], cursor: null } },
      'GET /staff/api/filter-sets': { body: { sets: [], you: 'ana@example.edu' } },
    });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications');
    const table = await screen.findByRole('table', { name: /sorted by submission date/ });
    expect(await within(table).findByRole('columnheader', { name: 'Average score' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('4.5');
    expect(within(table).getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('No score yet');
    expect(
      within(screen.getByLabelText('Sort by'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Submission date', 'Last name', 'Average review score', 'Last change']);
    await screen.findByText('No saved filters yet.');
    await expectNoAxeViolations('the list with its sort and new filters, for a decider');

    await user.selectOptions(screen.getByLabelText('Decision recorded'), 'Admit');
    await user.selectOptions(screen.getByLabelText('Applicant’s reply'), 'Accepted');
    await user.selectOptions(screen.getByLabelText('Home state or province'), 'Texas');
    await user.type(screen.getByLabelText('High school code (CEEB)'), '123456');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Average review score');
    await user.selectOptions(screen.getByLabelText('Order'), 'Ascending (A to Z, lowest, oldest first)');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(queryOf(listCalls(calls)[1])).toEqual({
      cycle: 'current',
      school: '123456',
      state: 'TX',
      decision: 'admit',
      reply: 'accept',
      sort: 'score',
      order: 'asc',
    });
    expect(router.state.location.search).toBe('?school=123456&state=TX&decision=admit&reply=accept&sort=score&order=asc');
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/staff/api/export.csv?cycle=current&school=123456&state=TX&decision=admit&reply=accept',
      ),
    );
    expect(await screen.findByRole('table', { name: 'Submitted applications, sorted by average review score, ascending' })).toBeInTheDocument();
  });

  it('offers a reader neither the decision filters nor the score order nor the score column', async () => {
    stubStaffApi({
      ...sessionOf('reader'),
      'GET /staff/api/applications': { body: { items: [summary], cursor: null } },
      'GET /staff/api/filter-sets': { body: { sets: [], you: 'ana@example.edu' } },
    });
    renderApp('/staff/applications');
    const table = await screen.findByRole('table');
    // The role known, the sort control offers what a reader may use.
    await screen.findByText('No saved filters yet.');
    // The role is known once the nav offers the queue (every role's): the screen has read it too.
    await screen.findByRole('link', { name: 'Reading queue' });
    expect(within(table).queryByRole('columnheader', { name: 'Average score' })).toBeNull();
    expect(screen.queryByLabelText('Decision recorded')).toBeNull();
    expect(screen.queryByLabelText('Applicant’s reply')).toBeNull();
    expect(
      within(screen.getByLabelText('Sort by'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Submission date', 'Last name', 'Last change']);
  });

  it('saves the filters shown under a name, the error summary taking focus first; applies a saved set as a link; renames and deletes one’s own', async () => {
    const calls = stubStaffApi({
      ...sessionOf('reader'),
      'GET /staff/api/applications': { body: { items: [summary], cursor: null } },
      'GET /staff/api/filter-sets': { body: { sets: [own, shared], you: 'ana@example.edu' } },
      'POST /staff/api/filter-sets': (call) => ({
        body: { message: 'The filter set “Texas” is saved.', set: { ...own, id: '00000000-0000-4000-8000-000000000003', ...(call.body as object) } },
      }),
      [`PUT /staff/api/filter-sets/${own.id}`]: { body: { message: 'The filter set “Names” is changed.', set: { ...own, name: 'Names' } } },
      [`DELETE /staff/api/filter-sets/${own.id}`]: { body: { message: 'The filter set “By name” is deleted.' } },
    });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications?state=TX&sort=name');
    await screen.findByRole('table');
    const saved = await screen.findByRole('region', { name: 'Saved filters' });
    expect(await within(saved).findByRole('link', { name: 'Apply the filter set “Texas admits”' })).toHaveAttribute(
      'href',
      '/staff/applications?state=TX&decision=admit&sort=score&order=desc',
    );
    expect(within(saved).getByText('shared by dee@example.edu')).toBeInTheDocument();
    // Only one's own set is renamed; a colleague's shared set is not deleted by a reader.
    expect(within(saved).getAllByRole('button', { name: /^Rename/ })).toHaveLength(1);
    expect(within(saved).getAllByRole('button', { name: /^Delete/ })).toHaveLength(1);

    // Nothing named: the summary takes focus and leads to the field.
    await user.click(within(saved).getByRole('button', { name: 'Save these filters' }));
    const problem = await within(saved).findByRole('alert');
    await vi.waitFor(() => expect(problem).toHaveFocus());
    expect(problem).toHaveTextContent('Name the filter set');
    await expectNoAxeViolations('the saved filters with an error');

    await user.type(within(saved).getByLabelText('Name of the filter set'), 'Texas');
    await user.click(within(saved).getByLabelText(/Share with colleagues/));
    await user.click(within(saved).getByRole('button', { name: 'Save these filters' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Texas', query: { state: 'TX', sort: 'name' }, shared: true });
    const status = await within(saved).findByText('The filter set “Texas” is saved.');
    await vi.waitFor(() => expect(status).toHaveFocus());

    await user.click(within(saved).getByRole('button', { name: 'Rename “By name”' }));
    const name = within(saved).getByLabelText('New name for “By name”');
    await user.clear(name);
    await user.type(name, 'Names');
    await user.click(within(saved).getByRole('button', { name: 'Rename' }));
    await within(saved).findByText('The filter set “Names” is changed.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'Names' });

    await user.click(within(saved).getByRole('button', { name: 'Delete “By name”' }));
    await within(saved).findByText('The filter set “By name” is deleted.');

    await user.click(within(saved).getByRole('link', { name: 'Apply the filter set “Texas admits”' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?state=TX&decision=admit&sort=score&order=desc'));
  });
});
