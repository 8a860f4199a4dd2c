import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OfficeChecklistItem, OfficeMaterials } from '#form/wire/materials';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, queryOf, renderApp, sessionOf as session, stubStaffApi, summary, type Call } from '../shared/test-support';

journeys(30_000);

const detail = { ...summary, pages: [], documents: [], pdf: { status: 'IN_PROGRESS' }, recommendations: [], office_status: 'submitted', history: [] };
const reviewForm = { 'GET /staff/api/review-form': { body: { criteria: [], recommendations: ['admit', 'deny', 'waitlist', 'defer'] } } };
const MARKED_AT = '2026-11-24T15:00:00.000Z';
const markCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'PUT' && c.url.startsWith('/staff/api/applications/app-1/materials/')).map((c) => [c.url, c.body]);

/** The application's materials as the server keeps them: the transcript awaited, the résumé uploaded by the applicant; the route marks and unmarks. */
function materialsServer(role: string, refusal?: { status: number; message: string }) {
  const items: OfficeChecklistItem[] = [
    { id: 'transcript', label: 'High school transcript', state: 'awaiting' },
    { id: 'resume', label: 'Résumé', state: 'received', receivedAt: '2026-11-02T15:00:00.000Z', fileName: 'cv.pdf' },
  ];
  const materials = (): OfficeMaterials => ({ items: items.map((i) => ({ ...i })), complete: items[0]!.state !== 'awaiting' });
  return stubStaffApi({
    ...session(role),
    ...reviewForm,
    'GET /staff/api/applications/app-1': () => ({ body: { ...detail, materials: materials() } }),
    'PUT /staff/api/applications/app-1/materials/transcript': ({ body }) => {
      if (refusal) return { status: refusal.status, body: { message: refusal.message } };
      const { status, received_at } = body as { status: string; received_at?: string };
      const day = received_at ?? '2026-11-24';
      items[0] =
        status === 'awaiting'
          ? { id: 'transcript', label: 'High school transcript', state: 'awaiting' }
          : {
              id: 'transcript',
              label: 'High school transcript',
              state: status as 'received' | 'waived',
              ...(status === 'received' ? { receivedAt: day } : {}),
              mark: { status: status as 'received' | 'waived', ...(status === 'received' ? { received_at: day } : {}), by: 'ana@example.edu', at: MARKED_AT },
            };
      const message = status === 'awaiting' ? 'The mark on the high school transcript is undone.' : `The high school transcript is marked ${status}.`;
      return { body: { message, ...materials() } };
    },
  });
}

describe('materials on the application page', () => {
  it('lets a reader mark the transcript received on a day with the keyboard, then undo it; the applicant’s upload needs no mark', async () => {
    const calls = materialsServer('reader');
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const panel = await screen.findByRole('region', { name: 'Materials' });
    expect(within(panel).getByText(/^Incomplete/)).toBeInTheDocument();
    const resume = within(panel).getByRole('heading', { name: 'Résumé' }).closest('li') as HTMLElement;
    expect(resume).toHaveTextContent('uploaded by the applicant (cv.pdf)');
    expect(within(resume).queryByRole('button')).toBeNull();
    await expectNoAxeViolations('the materials with their controls');

    const transcript = within(panel).getByRole('heading', { name: 'High school transcript' }).closest('li') as HTMLElement;
    const form = within(transcript).getByRole('group', { name: 'Mark the high school transcript' });
    expect(within(form).getByLabelText('Status')).toHaveValue('received');
    // The keyboard alone: from the status to the day, typed, then to the button and Enter.
    within(form).getByLabelText('Status').focus();
    await user.tab();
    expect(within(form).getByLabelText('Day it arrived (empty: today)')).toHaveFocus();
    await user.keyboard('2026-11-20');
    within(transcript).getByRole('button', { name: 'Save the mark on the high school transcript' }).focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('The high school transcript is marked received.'));
    expect(markCalls(calls)).toEqual([['/staff/api/applications/app-1/materials/transcript', { status: 'received', received_at: '2026-11-20' }]]);
    // The application is read again: the transcript received on its day, marked by whom, and the application complete.
    await vi.waitFor(() => expect(within(panel).getByText(/^Complete/)).toBeInTheDocument());
    const again = within(panel).getByRole('heading', { name: 'High school transcript' }).closest('li') as HTMLElement;
    expect(again).toHaveTextContent('Received November 20, 2026, marked by ana@example.edu');

    await user.selectOptions(within(again).getByLabelText('Status'), 'Awaiting (undo the mark)');
    expect(within(again).queryByLabelText('Day it arrived (empty: today)')).toBeNull();
    await user.click(within(again).getByRole('button', { name: 'Save the mark on the high school transcript' }));
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('The mark on the high school transcript is undone.'));
    expect(markCalls(calls).at(-1)).toEqual(['/staff/api/applications/app-1/materials/transcript', { status: 'awaiting' }]);
    await vi.waitFor(() => expect(within(panel).getByText(/^Incomplete/)).toBeInTheDocument());
  });

  it('says the server’s refusal in the item’s form', async () => {
    materialsServer('decider', { status: 400, message: "The day it arrived (2026-11-30) is in the future: give today's date (2026-11-24) or an earlier one." });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const panel = await screen.findByRole('region', { name: 'Materials' });
    await user.click(within(panel).getByRole('button', { name: 'Save the mark on the high school transcript' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(/is in the future/);
    await expectNoAxeViolations('a mark refused');
  });
});

describe('the list’s materials filter', () => {
  it('asks for complete or incomplete applications, and keeps the filter in the address and the exports', async () => {
    const calls = stubStaffApi({
      ...session('reader'),
      'GET /staff/api/applications': { body: { items: [{ ...summary, complete: true }], cursor: null } },
      'GET /staff/api/queue/next': { status: 404, body: { message: 'Nothing left.' } },
    });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications');
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Materials'), 'Incomplete only');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?complete=false'));
    const lists = calls.filter((c) => c.url.startsWith('/staff/api/applications'));
    await vi.waitFor(() => expect(queryOf(lists.at(-1))).toMatchObject({ complete: 'false' }));
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', expect.stringContaining('complete=false')));
    expect(screen.getByLabelText('Materials')).toHaveValue('false');
  });
});
