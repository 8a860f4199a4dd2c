import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { journeys, queryOf, renderApp, stubStaffApi } from '../shared/test-support';

journeys();

describe('the office-wide access record', () => {
  it('lists lists, exports and links with their details, older entries by cursor', async () => {
    const calls = stubStaffApi({
      'GET /staff/api/audit': ({ url }) => ({
        body: url.includes('cursor')
          ? {
              items: [
                { at: '2026-11-23T08:00:00.000Z', staff: 'bo@example.edu', action: 'list', summary: 'Listed the submitted applications (all)', ip: '10.0.0.2' },
              ],
              cursor: null,
            }
          : {
              items: [
                {
                  at: '2026-11-24T08:00:00.000Z',
                  staff: 'ana@example.edu',
                  action: 'export.csv',
                  summary: 'Exported the applications as CSV filtered by major Computer Science',
                  ip: '10.0.0.1',
                  detail: { major: 'CS' },
                },
              ],
              cursor: 'older',
            },
      }),
    });
    const user = userEvent.setup();
    renderApp('/staff/audit');
    const row = await screen.findByRole('row', { name: /ana@example\.edu/ });
    expect(row).toHaveTextContent('Exported the applications as CSV filtered by major Computer Science');
    expect(queryOf(calls[0])).toEqual({});
    await user.click(screen.getByRole('link', { name: 'Older entries' }));
    expect(await screen.findByRole('row', { name: /bo@example\.edu/ })).toHaveTextContent('Listed the submitted applications (all)');
    // The heading takes the keyboard in an effect after the older page shows.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Access record' })).toHaveFocus());
  });

  it('narrows the record by staff member, action and days, and keeps the filters on older pages', async () => {
    const calls = stubStaffApi({
      'GET /staff/api/audit': ({ url }) => ({
        body: {
          items: [{ at: '2026-11-24T08:00:00.000Z', staff: 'ana@example.edu', action: 'erase', summary: 'Erased the application Y7J347YY', ip: '10.0.0.1' }],
          cursor: url.includes('cursor') ? null : 'older',
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/staff/audit');
    await screen.findByRole('row', { name: /ana@example\.edu/ });
    await user.type(screen.getByLabelText('Staff member (e-mail address)'), 'ana@example.edu');
    await user.selectOptions(screen.getByLabelText('Action'), 'erase');
    await user.type(screen.getByLabelText('From (day)'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show records' }));
    await waitFor(() => expect(queryOf(calls.at(-1))).toEqual({ staff: 'ana@example.edu', action: 'erase', from: '2026-11-01' }));
    // The first page's link stays on screen until the filtered page's read is done: follow the filtered page's.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Older entries' }).getAttribute('href')).toContain('staff='));
    await user.click(screen.getByRole('link', { name: 'Older entries' }));
    await waitFor(() => expect(queryOf(calls.at(-1))).toEqual({ staff: 'ana@example.edu', action: 'erase', from: '2026-11-01', cursor: 'older' }));
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/staff/audit');
  });
});
