import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DashboardReply } from '#form/wire/dashboard';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, renderApp, stubStaffApi } from '../shared/test-support';
import { csvOf } from './charts';

journeys();

const counts = <K extends string>(entries: Array<[K, string, number]>) => entries.map(([key, label, count]) => ({ key, label, count }));
const dashboard = (cycle: string, label: string): DashboardReply => ({
  cycle,
  cycle_label: label,
  cycles: [
    { id: 'previous', label: '2025–26' },
    { id: 'current', label: '2026–27' },
  ],
  previous_cycle: cycle === 'current' ? { id: 'previous', label: '2025–26' } : null,
  stages: counts([
    ['started', 'Started', 12],
    ['submitted', 'Submitted', 7],
    ['complete', 'Complete', 2],
    ['reviewed', 'Reviewed', 3],
    ['decided', 'Decided', 4],
    ['released', 'Released', 3],
    ['accepted', 'Accepted', 1],
    ['declined', 'Declined', 1],
  ]),
  statuses: counts([
    ['submitted', 'Submitted', 3],
    ['in_review', 'In review', 0],
    ['decided', 'Decided', 1],
    ['released', 'Released', 3],
  ]),
  decisions: counts([
    ['admit', 'Admit', 2],
    ['deny', 'Deny', 1],
    ['waitlist', 'Waitlist', 1],
    ['defer', 'Defer', 0],
  ]),
  replies: counts([
    ['accept', 'Accepted', 1],
    ['decline', 'Declined', 1],
    ['join_waitlist', 'Joined the waitlist', 0],
    ['expired', 'Declined automatically (no reply by the reply-by date)', 0],
  ]),
  segments: [
    {
      round: 'early',
      round_label: 'Early Round',
      term: '2027FA',
      term_label: 'Fall 2027',
      major: 'BIO',
      major_label: 'Biology',
      counts: { submitted: 5, complete: 2, reviewed: 3, decided: 3, released: 3, accepted: 1, declined: 1 },
    },
  ],
  days: [
    { day: 0, date: '2026-10-31', total: 0, previous_total: 0 },
    { day: 1, date: '2026-11-01', total: 0, previous_total: 2 },
    { day: 2, date: '2026-11-02', total: 0, previous_total: 2 },
    { day: 3, date: '2026-11-03', total: 7, previous_total: 3 },
  ],
  so_far: { day: 3, this_cycle: 7, previous_cycle: 3 },
  readers: { week: '2026-11-30', rows: [{ reader: 'rae@example.edu', reviews: 4 }] },
  yield: { accepted: 1, admitted: 2, percent: 50 },
});

const signedIn = (role = 'admin') => ({ 'GET /staff/api/session': { body: { email: 'ana@example.edu', role } } });

describe('the dashboard screen', () => {
  it('shows each part as a chart with its table beside it and its CSV, named for screen readers', async () => {
    stubStaffApi({ ...signedIn(), 'GET /staff/api/dashboard': { body: dashboard('current', '2026–27') } });
    renderApp('/staff/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard: 2026–27' })).toBeInTheDocument();
    const stages = screen.getByRole('table', { name: 'Applications at each stage' });
    expect(within(stages).getByRole('row', { name: 'Started 12' })).toBeInTheDocument();
    expect(within(stages).getByRole('row', { name: 'Submitted 7' })).toBeInTheDocument();
    // The charts are pictures of the tables: hidden from screen readers, which read the tables.
    for (const svg of document.querySelectorAll('svg.dashboard-chart')) expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('By day 3 of the cycle: 7 submitted, against 3 by the same day of 2025–26 (dashed line).')).toBeInTheDocument();
    // The days table lists the days a total moved and the last (day 2 changed nothing).
    const days = screen.getByRole('table', { name: 'Submissions so far, by day of the cycle' });
    expect(
      within(days)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Day of the cycle'.concat('Date', '2026–27 so far', '2025–26 by the same day'), '02026-10-3100', '12026-11-0102', '32026-11-0373']);
    expect(screen.getByText('50% of admitted applicants accepted (1 of 2).')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Reviews this week (from 2026-11-30)' })).getByRole('row', { name: 'rae@example.edu 4' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'By round, term and major' })).getByRole('row', { name: /Early Round Fall 2027 Biology 5 2 3 3 3 1 1/ }),
    ).toBeInTheDocument();
    const csv = screen.getByRole('link', { name: 'Download “Applications at each stage” as CSV' });
    expect(csv).toHaveAttribute('download', 'dashboard-current-stages.csv');
    expect(decodeURIComponent(csv.getAttribute('href')!.split(',').slice(1).join(','))).toBe(
      `\uFEFF${csvOf(
        ['Stage', 'Applications'],
        dashboard('current', '').stages.map((s) => [s.label, s.count]),
      )}`,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await expectNoAxeViolations('the dashboard');
  });

  it('changes the cycle by its address; an empty cycle says so in words', async () => {
    const empty: DashboardReply = {
      ...dashboard('previous', '2025–26'),
      segments: [],
      readers: { week: '2026-11-30', rows: [] },
      yield: { accepted: 0, admitted: 0, percent: null },
    };
    const calls = stubStaffApi({
      ...signedIn('decider'),
      'GET /staff/api/dashboard': (call) => ({ body: call.url.includes('cycle=previous') ? empty : dashboard('current', '2026–27') }),
    });
    const user = userEvent.setup();
    renderApp('/staff/dashboard');
    await user.selectOptions(await screen.findByLabelText('Cycle'), 'previous');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard: 2025–26' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/staff/api/dashboard?cycle=previous'))).toBe(true);
    expect(screen.getByText('No application of this cycle has been submitted yet.')).toBeInTheDocument();
    expect(screen.getByText('No review has been recorded this week yet.')).toBeInTheDocument();
    expect(screen.getByText('No admission has been released yet.')).toBeInTheDocument();
    await expectNoAxeViolations('an empty cycle’s dashboard');
  });

  it('writes CSV as the exports do: quoted where needed, formulas neutralised', () => {
    expect(
      csvOf(
        ['Reader', 'Reviews'],
        [
          ['=cmd', 3],
          ['a, b', 1],
        ],
      ),
    ).toBe('Reader,Reviews\r\n\'=cmd,3\r\n"a, b",1\r\n');
  });
});
