import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MailingSummary } from '#form/wire/messages';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, renderApp, sessionOf as session, stubStaffApi, type Call } from '../shared/test-support';

journeys(30_000);

const ID = 'mkq1x2y3z4a1b2c3d4e5f6';
const sent: MailingSummary = {
  id: 'mkq0x2y3z4a1b2c3d4e5f6',
  subject: 'Your deadline is near',
  body: 'Dear {first_name},',
  kind: 'transactional',
  recipients: { source: 'in-progress', filters: {} },
  state: 'sent',
  created_by: 'ana@example.edu',
  created_at: '2026-11-20T09:00:00.000Z',
  recipient_count: 40,
  finished_at: '2026-11-20T10:30:00.000Z',
  progress: { queued: 0, sent: 38, failed: 2, suppressed: 0 },
};
const draft = (count: number) => ({
  message: 'The mailing is saved as a draft.',
  mailing: { ...sent, id: ID, subject: 'A reminder', state: 'draft', recipient_count: undefined, progress: { queued: 0, sent: 0, failed: 0, suppressed: 0 } },
  recipient_count: count,
});
const writes = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body]);

function mailingsServer(count: number) {
  return stubStaffApi({
    ...session('decider'),
    'GET /staff/api/mailings': { body: { mailings: [sent] } },
    'POST /staff/api/mailings': ({ body }) =>
      (body as { body: string }).body.includes('{frist_name}')
        ? {
            status: 400,
            body: {
              message: 'Body: {frist_name} is not a placeholder this e-mail knows. Write {first_name}, or one of …',
              errors: { body: ['Body: {frist_name} is not a placeholder this e-mail knows.'] },
            },
          }
        : { body: draft(count) },
    [`POST /staff/api/mailings/${ID}/preview`]: {
      body: {
        recipient_count: count,
        samples: [1, 2, 3].map((n) => ({ to: `a${n}@example.com`, subject: 'A reminder', text: `Dear Ada${n},\n\nPlease finish.` })),
      },
    },
    [`POST /staff/api/mailings/${ID}/test`]: { body: { message: 'A test was sent to ana@example.edu.' } },
    [`POST /staff/api/mailings/${ID}/send`]: ({ body }) =>
      count > 500 && (body as { confirm?: string }).confirm !== String(count)
        ? {
            status: 400,
            body: {
              message: `This mailing goes to ${count} recipients: type ${count} in the confirmation to send it.`,
              errors: { confirm: ['Type the count.'] },
            },
          }
        : { body: { message: `The mailing is being sent to ${count} recipients.`, mailing: { ...draft(count).mailing, state: 'sending' } } },
    [`GET /staff/api/mailings/${ID}`]: {
      body: { ...draft(count).mailing, state: 'sending', progress: { queued: count, sent: 0, failed: 0, suppressed: 0 }, failures: [] },
    },
  });
}

describe('the Mailings screen', () => {
  it('lists the mailings with their progress, refuses empty words with the summary taking focus, then saves, previews, tests and sends', async () => {
    const calls = mailingsServer(12);
    const user = userEvent.setup();
    renderApp('/staff/mailings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mailings' })).toBeInTheDocument();
    const row = screen.getByRole('rowheader', { name: 'Your deadline is near' }).closest('tr')!;
    expect(row).toHaveTextContent('Sent');
    expect(row).toHaveTextContent(/Sent, finished \S/);
    expect(row).toHaveTextContent('38');
    await expectNoAxeViolations('the mailings and the compose form');

    const compose = screen.getByRole('region', { name: 'Write a mailing' });
    await user.click(within(compose).getByRole('button', { name: 'Save the draft and count its recipients' }));
    const alert = await within(compose).findByRole('alert');
    expect(alert).toHaveFocus();
    expect(alert).toHaveTextContent('Subject: The subject is empty.');
    expect(within(compose).getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations('empty words refused');
    expect(writes(calls)).toEqual([]);

    await user.type(within(compose).getByLabelText('Subject'), 'A reminder');
    await user.type(within(compose).getByLabelText('Message'), 'Dear {{frist_name},');
    await user.click(within(compose).getByRole('button', { name: 'Save the draft and count its recipients' }));
    expect(await within(compose).findByRole('alert')).toHaveTextContent('{frist_name} is not a placeholder this e-mail knows.');

    await user.clear(within(compose).getByLabelText('Message'));
    await user.type(within(compose).getByLabelText('Message'), 'Dear {{first_name},');
    await user.selectOptions(within(compose).getByLabelText('Which list'), 'in-progress');
    await user.click(within(compose).getByRole('button', { name: 'Save the draft and count its recipients' }));
    const panel = await screen.findByRole('region', { name: 'Send the mailing' });
    expect(panel).toHaveTextContent('The filter finds 12 recipients now');

    await user.click(within(panel).getByRole('button', { name: 'Preview for three recipients' }));
    const preview = await within(panel).findByRole('region', { name: 'Preview (12 recipients)' });
    expect(within(preview).getAllByRole('listitem')).toHaveLength(3);
    expect(preview).toHaveTextContent('Dear Ada1,');
    await user.click(within(panel).getByRole('button', { name: 'Send a test to myself' }));
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('A test was sent to ana@example.edu.'));
    await expectNoAxeViolations('a draft previewed and tested');

    // No confirmation is asked below 501 recipients.
    expect(within(panel).queryByLabelText(/^Type the number of recipients/)).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Send the mailing' }));
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('The mailing is being sent to 12 recipients.'));
    await vi.waitFor(() => expect(panel).toHaveTextContent('Progress: 0 sent, 12 queued, 0 failed, 0 suppressed.'));
    expect(writes(calls)).toEqual([
      ['/staff/api/mailings', { subject: 'A reminder', body: 'Dear {frist_name},', kind: 'transactional', recipients: expect.anything() as unknown }],
      [
        '/staff/api/mailings',
        {
          subject: 'A reminder',
          body: 'Dear {first_name},',
          kind: 'transactional',
          recipients: { source: 'in-progress', filters: expect.anything() as unknown },
        },
      ],
      [`/staff/api/mailings/${ID}/preview`, undefined],
      [`/staff/api/mailings/${ID}/test`, undefined],
      [`/staff/api/mailings/${ID}/send`, {}],
    ]);
  });

  it('asks for the typed count above 500 recipients, with the keyboard alone', async () => {
    const calls = mailingsServer(501);
    const user = userEvent.setup();
    renderApp('/staff/mailings');
    const compose = await screen.findByRole('region', { name: 'Write a mailing' });
    within(compose).getByLabelText('Subject').focus();
    await user.keyboard('Hello');
    within(compose).getByLabelText('Message').focus();
    await user.keyboard('Dear {{first_name},');
    within(compose).getByRole('button', { name: 'Save the draft and count its recipients' }).focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'Send the mailing' });
    within(panel).getByRole('button', { name: 'Send the mailing' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('type 501 in the confirmation');
    within(panel).getByLabelText('Type the number of recipients (501) to confirm').focus();
    await user.keyboard('501');
    within(panel).getByRole('button', { name: 'Send the mailing' }).focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('The mailing is being sent to 501 recipients.'));
    expect(writes(calls).at(-1)).toEqual([`/staff/api/mailings/${ID}/send`, { confirm: '501' }]);
  });

  it('lists the suppressed addresses to an admin, with the reason and since when, and takes one off with the keyboard alone', async () => {
    const entries = [
      { email: 'gone@example.com', reason: 'bounced', at: '2026-11-21T09:00:00.000Z', detail: 'General' },
      { email: 'quiet@example.com', reason: 'unsubscribed', at: '2026-11-20T09:00:00.000Z' },
    ];
    const calls = stubStaffApi({
      ...session('admin'),
      'GET /staff/api/mailings': { body: { mailings: [sent] } },
      'GET /staff/api/suppressions': () => ({ body: { suppressions: entries } }),
      'DELETE /staff/api/suppressions/gone%40example.com': () => {
        entries.shift();
        return { body: { message: 'gone@example.com is off the suppression list: the office’s mailings reach it again.' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/mailings');
    const section = await screen.findByRole('region', { name: 'Suppressed addresses' });
    const row = (await within(section).findByRole('rowheader', { name: 'gone@example.com' })).closest('tr')!;
    expect(row).toHaveTextContent('Bounced (nothing is sent to it)');
    expect(within(section).getByRole('rowheader', { name: 'quiet@example.com' }).closest('tr')).toHaveTextContent('Unsubscribed');
    await expectNoAxeViolations('the suppression list');
    within(row).getByRole('button', { name: 'Take gone@example.com off the suppression list' }).focus();
    await user.keyboard('{Enter}');
    const status = await within(section).findByRole('status');
    expect(status).toHaveTextContent('gone@example.com is off the suppression list');
    expect(status).toHaveFocus();
    await vi.waitFor(() => expect(within(section).queryByRole('rowheader', { name: 'gone@example.com' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/staff/api/suppressions/gone%40example.com']);
    await expectNoAxeViolations('the suppression list after a removal');
  });

  it('shows no suppression list to a decider (the route is an admin’s)', async () => {
    mailingsServer(3);
    renderApp('/staff/mailings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mailings' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Suppressed addresses' })).toBeNull();
  });

  it('is not offered to a reader', async () => {
    stubStaffApi({ ...session('reader'), 'GET /staff/api/applications': { body: { items: [], cursor: null } } });
    renderApp('/staff/applications');
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' });
    expect(within(nav).queryByRole('link', { name: 'Mailings' })).toBeNull();
  });
});
