import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HOLD_TEXT } from '#form/wire/data-rights-messages';
import { expectNoAxeViolations } from '#web/test/axe';
import { formatDateTime } from '../shared/format';
import { journeys, renderApp, sessionOf as session, stubStaffApi, summary, type Call } from '../shared/test-support';

journeys(30_000);

const detail = { ...summary, pages: [], documents: [], pdf: { status: 'IN_PROGRESS' }, recommendations: [], office_status: 'submitted', history: [] };
const reviewForm = { 'GET /staff/api/review-form': { body: { criteria: [], recommendations: ['admit', 'deny', 'waitlist', 'defer'] } } };
const hold = { reason: 'Litigation hold, case 2026-14', by: 'ana@example.edu', at: '2026-11-24T08:00:00.000Z' };
const holdCalls = (calls: Call[]) => calls.filter((c) => c.method === 'PUT' && c.url === '/staff/api/applications/app-1/hold').map((c) => c.body);

/** The application's hold as the server keeps it: placed and lifted by the stubbed route. */
function heldServer(role: string, initial?: typeof hold, refusal?: { status: number; message: string }) {
  let current = initial;
  const calls = stubStaffApi({
    ...session(role),
    ...reviewForm,
    'GET /staff/api/applications/app-1': () => ({ body: { ...detail, ...(current ? { hold: current } : {}) } }),
    'PUT /staff/api/applications/app-1/hold': ({ body }) => {
      if (refusal) return { status: refusal.status, body: { message: refusal.message } };
      const { hold: placing, reason } = body as { hold: boolean; reason?: string };
      current = placing ? { ...hold, reason: reason ?? '' } : undefined;
      return { body: { message: placing ? 'The application K7Q2M9XD is on hold.' : 'The hold on the application K7Q2M9XD is lifted.', hold: current ?? null } };
    },
  });
  return calls;
}

describe('a hold on an application', () => {
  it('shows every role who placed it, when and why; only an admin gets the control', async () => {
    heldServer('reader', hold);
    renderApp('/staff/applications/app-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    const fact = screen.getByText('On hold').nextElementSibling;
    expect(fact).toHaveTextContent(`Placed by ana@example.edu on ${formatDateTime(hold.at)}: “${hold.reason}”`);
    expect(screen.queryByRole('region', { name: 'Legal or enrolment hold' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lift the hold' })).not.toBeInTheDocument();
  });

  it('lets an admin place it with a reason (the missing reason said in the summary and at the field), then lift it', async () => {
    const calls = heldServer('admin');
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const panel = await screen.findByRole('region', { name: 'Legal or enrolment hold' });
    expect(screen.queryByText('On hold')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Place a hold' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(HOLD_TEXT.reasonMissing);
    const reason = within(panel).getByLabelText('Why is it held?');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    const described = (reason.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described.join(' ')).toContain(HOLD_TEXT.reasonMissing);
    expect(holdCalls(calls)).toEqual([]);
    await expectNoAxeViolations('the hold form with its error');

    await user.type(reason, '  Litigation hold, case 2026-14 ');
    await user.click(within(panel).getByRole('button', { name: 'Place a hold' }));
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('The application K7Q2M9XD is on hold.'));
    expect(holdCalls(calls)).toEqual([{ hold: true, reason: hold.reason }]);
    // The application is read again: its facts and the panel show the hold.
    expect(await screen.findByText('On hold')).toBeInTheDocument();
    expect(within(panel).getByText(/This application is on hold/)).toHaveTextContent(hold.reason);

    await user.click(within(panel).getByRole('button', { name: 'Lift the hold' }));
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('The hold on the application K7Q2M9XD is lifted.'));
    expect(holdCalls(calls)).toEqual([{ hold: true, reason: hold.reason }, { hold: false }]);
    await vi.waitFor(() => expect(screen.queryByText('On hold')).not.toBeInTheDocument());
    expect(within(panel).getByRole('button', { name: 'Place a hold' })).toBeInTheDocument();
  });

  it('says the server’s refusal in the form’s summary', async () => {
    heldServer('admin', hold, {
      status: 409,
      message: 'Someone else placed or lifted a hold on this application at the same moment. Reload it and try again.',
    });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const panel = await screen.findByRole('region', { name: 'Legal or enrolment hold' });
    await user.click(within(panel).getByRole('button', { name: 'Lift the hold' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(/at the same moment/);
  });
});
