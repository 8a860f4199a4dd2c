import { screen } from '@testing-library/react';
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
    expect(screen.getByRole('heading', { level: 1, name: 'Access record' })).toHaveFocus();
  });
});
