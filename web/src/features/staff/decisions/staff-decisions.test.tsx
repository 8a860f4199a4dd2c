import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '#web/lib/query-client';
import { expectNoAxeViolations } from '#web/test/axe';
import { formatDateTime } from '../shared/format';
import { journeys, renderApp, second, sessionOf as session, stubStaffApi, summary } from '../shared/test-support';

journeys(30_000);

const reviewForm = {
  'GET /staff/api/review-form': {
    body: {
      criteria: [
        { key: 'academic', label: 'Academic preparation', help: 'Courses taken, grades and their rigor.' },
        { key: 'personal', label: 'Personal qualities', help: 'Character, initiative and what others say.' },
      ],
      recommendations: ['admit', 'deny', 'waitlist', 'defer'],
    },
  },
};
const detail = { ...summary, pages: [], documents: [], pdf: { status: 'IN_PROGRESS' }, recommendations: [], office_status: 'in_review', history: [] };
const review = (over: object = {}) => ({
  reviewer: 'ana@example.edu',
  scores: { academic: 4, personal: 3 },
  recommendation: 'admit',
  notes: 'Strong in mathematics.',
  created_at: '2026-11-21T09:00:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
  ...over,
});
const third = { ...summary, id: 'app-3', reference: 'Z9Y8X7W6', name: 'Alan Turing', email: 'alan@example.com' };
const list = {
  'GET /staff/api/applications': {
    body: {
      items: [
        { ...summary, office_status: 'in_review' },
        { ...second, office_status: 'decided', decision: 'admit', reply: 'accept' },
        { ...third, office_status: 'released', decision: 'deny' },
      ],
      cursor: null,
    },
  },
};

describe('the reader’s queue', () => {
  it('opens the next application to read', async () => {
    stubStaffApi({
      ...session('reader'),
      ...list,
      ...reviewForm,
      'GET /staff/api/queue/next': { body: { id: 'app-1', reference: summary.reference } },
      'GET /staff/api/applications/app-1': { body: detail },
    });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications');
    await user.click(await screen.findByRole('button', { name: 'Next application to read' }));
    // The application's screen is a lazy chunk, the first of the run here: as long a wait as findBy's (journeys).
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/staff/applications/app-1'), { timeout: 10_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('says in a live region when nothing is left to read', async () => {
    stubStaffApi({ ...session('reader'), ...list, 'GET /staff/api/queue/next': { status: 404, body: { message: 'Nothing left to read.' } } });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications');
    const button = await screen.findByRole('button', { name: 'Next application to read' });
    await user.click(button);
    const message = await screen.findByText(/^Nothing left to read/);
    expect(message).toHaveAttribute('aria-live', 'polite');
    expect(router.state.location.pathname).toBe('/staff/applications');
    expect(button).toHaveFocus();
    await expectNoAxeViolations('the list, nothing left to read');
  });
});

describe('the review form', () => {
  it('asks each criterion with its help, shows what is missing, then saves the review', async () => {
    const calls = stubStaffApi({
      ...session('reader'),
      ...reviewForm,
      'GET /staff/api/applications/app-1': { body: detail },
      'POST /staff/api/applications/app-1/reviews': ({ body }) => ({ body: { ...review(), ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const form = await screen.findByRole('form', { name: 'Your review' });
    const academic = within(form).getByRole('group', { name: 'Academic preparation' });
    expect(academic).toHaveAccessibleDescription('Courses taken, grades and their rigor. From 1 (weakest) to 5 (strongest).');
    expect(
      within(academic)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    // A reader decides nothing and reads no one else's review.
    expect(screen.queryByRole('region', { name: 'Decision' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull();
    await expectNoAxeViolations('the review form');

    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    const summaryBox = await screen.findByRole('alert');
    expect(summaryBox).toHaveFocus();
    expect(
      within(summaryBox)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Give Academic preparation a score from 1 to 5.', 'Give Personal qualities a score from 1 to 5.', 'Choose a recommendation.']);
    expect(academic).toHaveAccessibleDescription(/Error: ?Give Academic preparation a score from 1 to 5\./);
    expect(document.title).toBe('Error: Ada Lovelace (K7Q2M9XD) | Admissions office');
    await expectNoAxeViolations('the review form with errors');
    // The summary's link leads to the criterion.
    await user.click(within(summaryBox).getByRole('link', { name: 'Choose a recommendation.' }));
    expect(within(form).getByRole('radio', { name: 'Admit' })).toHaveFocus();

    await user.click(within(academic).getByRole('radio', { name: '4' }));
    await user.click(within(form).getByRole('group', { name: 'Personal qualities' }).querySelector('input[value="2"]') as HTMLElement);
    await user.click(within(form).getByRole('radio', { name: 'Waitlist' }));
    await user.type(within(form).getByLabelText('Notes (optional)'), ' Good essay. ');
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    const saved = await screen.findByText('Your review has been saved.');
    await vi.waitFor(() => expect(saved).toHaveFocus());
    expect(document.title).toBe('Ada Lovelace (K7Q2M9XD) | Admissions office');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ scores: { academic: 4, personal: 2 }, recommendation: 'waitlist', notes: 'Good essay.' });
    // The next one is one step away.
    expect(within(screen.getByRole('region', { name: 'Your review' })).getByRole('button', { name: 'Next application to read' })).toBeInTheDocument();
    await expectNoAxeViolations('the review saved');
  });

  it('is filled in with the member’s own review to revise, and shows the server’s refusal in the summary', async () => {
    const calls = stubStaffApi({
      ...session('reader'),
      ...reviewForm,
      'GET /staff/api/applications/app-1': { body: { ...detail, reviews: [review()] } },
      'POST /staff/api/applications/app-1/reviews': {
        status: 400,
        body: { message: 'Score every criterion of the rubric.', errors: { scores: ['Give each criterion a score from 1 to 5.'] } },
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const form = await screen.findByRole('form', { name: 'Your review' });
    expect(within(within(form).getByRole('group', { name: 'Academic preparation' })).getByRole('radio', { name: '4' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Admit' })).toBeChecked();
    expect(within(form).getByLabelText('Notes (optional)')).toHaveValue('Strong in mathematics.');
    await user.click(within(form).getByRole('button', { name: 'Save the revised review' }));
    const summaryBox = await screen.findByRole('alert');
    await vi.waitFor(() => expect(summaryBox).toHaveFocus());
    expect(summaryBox).toHaveTextContent('Give each criterion a score from 1 to 5.');
    expect(summaryBox).toHaveTextContent('Score every criterion of the rubric.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      scores: { academic: 4, personal: 3 },
      recommendation: 'admit',
      notes: 'Strong in mathematics.',
    });
  });

  it('"Go to your review" takes the keyboard to the form after the answers', async () => {
    stubStaffApi({ ...session('reader'), ...reviewForm, 'GET /staff/api/applications/app-1': { body: detail } });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const link = await screen.findByRole('link', { name: 'Go to your review' });
    // The form is a lazy chunk: the link leads to it once it is on the page.
    const heading = await screen.findByRole('heading', { level: 2, name: 'Your review' });
    await user.click(link);
    expect(heading).toHaveFocus();
  });
});

describe('reviews and the decision on the application', () => {
  const reviews = [
    review(),
    review({ reviewer: 'bo@example.edu', scores: { academic: 2, personal: 5 }, recommendation: 'deny', notes: '', updated_at: '2026-11-22T10:00:00.000Z' }),
  ];

  it('shows a decider every review, and records a decision', async () => {
    const calls = stubStaffApi({
      ...session('decider', 'cy@example.edu'),
      ...reviewForm,
      'GET /staff/api/applications/app-1': { body: { ...detail, reviews } },
      'PUT /staff/api/applications/app-1/decision': {
        body: { office_status: 'decided', decision: { decision: 'admit', decided_by: 'cy@example.edu', decided_at: '2026-11-23T10:00:00.000Z' } },
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const region = await screen.findByRole('region', { name: 'Reviews' });
    const bo = within(region).getByRole('region', { name: 'bo@example.edu: Deny' });
    expect(bo).toHaveTextContent(`Reviewed${formatDateTime('2026-11-22T10:00:00.000Z')} (first ${formatDateTime('2026-11-21T09:00:00.000Z')})`);
    await vi.waitFor(() => expect(bo).toHaveTextContent('Academic preparation2 of 5'));
    expect(bo).toHaveTextContent('Personal qualities5 of 5');
    expect(bo).toHaveTextContent('No notes');
    expect(within(region).getByRole('region', { name: 'ana@example.edu: Admit' })).toHaveTextContent('Notes: Strong in mathematics.');

    const decision = screen.getByRole('region', { name: 'Decision' });
    expect(decision).toHaveTextContent('No decision has been recorded.');
    await expectNoAxeViolations('a decider on the application');
    await user.click(within(decision).getByRole('button', { name: 'Record decision' }));
    const summaryBox = await screen.findByRole('alert');
    expect(summaryBox).toHaveFocus();
    expect(summaryBox).toHaveTextContent('Choose a decision.');
    await user.click(within(within(decision).getByRole('group', { name: 'Decision' })).getByRole('radio', { name: 'Admit' }));
    await user.type(within(decision).getByLabelText('Note (optional)'), 'Committee of Nov 23');
    await user.click(within(decision).getByRole('button', { name: 'Record decision' }));
    // A decider cannot release: the message says who does.
    const done = await within(decision).findByText('Decision recorded: Admit. The applicant sees it once an admin releases it.');
    await vi.waitFor(() => expect(done).toHaveFocus());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ decision: 'admit', note: 'Committee of Nov 23' });
    await expectNoAxeViolations('a decision recorded');
  });

  it('tells an admin who records a decision where to release it', async () => {
    stubStaffApi({
      ...session('admin'),
      ...reviewForm,
      'GET /staff/api/applications/app-1': { body: { ...detail, reviews } },
      'PUT /staff/api/applications/app-1/decision': {
        body: { office_status: 'decided', decision: { decision: 'deny', decided_by: 'ana@example.edu', decided_at: '2026-11-23T10:00:00.000Z' } },
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    await user.click(within(within(decision).getByRole('group', { name: 'Decision' })).getByRole('radio', { name: 'Deny' }));
    await user.click(within(decision).getByRole('button', { name: 'Record decision' }));
    const done = await within(decision).findByRole('status');
    expect(done).toHaveTextContent('Decision recorded: Deny. The applicant sees it once it is released on the Releases screen.');
    expect(within(done).getByRole('link', { name: 'Releases' })).toHaveAttribute('href', '/staff/releases');
  });

  it('keeps the review’s and the decision’s error summaries apart when both show', async () => {
    stubStaffApi({ ...session('admin', 'zed@example.edu'), ...reviewForm, 'GET /staff/api/applications/app-1': { body: { ...detail, reviews } } });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    await user.click(within(decision).getByRole('button', { name: 'Record decision' }));
    const review = await screen.findByRole('form', { name: 'Your review' });
    await user.click(within(review).getByRole('button', { name: 'Save review' }));
    const summaries = await screen.findAllByRole('alert');
    expect(summaries).toHaveLength(2);
    expect(summaries[1]).toHaveFocus();
    // Each summary's link leads into its own form.
    await user.click(within(summaries[0]!).getByRole('link', { name: 'Choose a decision.' }));
    expect(within(decision).getByRole('radio', { name: 'Admit' })).toHaveFocus();
    await expectNoAxeViolations('both forms with errors');
  });

  const released = {
    decision: 'admit',
    note: 'Committee',
    decided_by: 'cy@example.edu',
    decided_at: '2026-11-23T10:00:00.000Z',
    released_at: '2026-11-24T15:00:00.000Z',
    reply: 'accept',
    replied_at: '2026-11-25T16:00:00.000Z',
  };

  it('shows a decider a released decision and the reply, read-only', async () => {
    stubStaffApi({
      ...session('decider'),
      ...reviewForm,
      'GET /staff/api/applications/app-1': { body: { ...detail, office_status: 'released', reviews, decision: released } },
    });
    renderApp('/staff/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    expect(decision).toHaveTextContent(`Released${formatDateTime(released.released_at)}`);
    expect(decision).toHaveTextContent(`Applicant’s replyAccepted, ${formatDateTime(released.replied_at)}`);
    expect(decision).toHaveTextContent('only an admin can change it');
    expect(within(decision).queryByRole('button')).toBeNull();
    await expectNoAxeViolations('a released decision, read-only');
  });

  it('lets an admin change a released decision only with a reason', async () => {
    const calls = stubStaffApi({
      ...session('admin'),
      ...reviewForm,
      'GET /staff/api/applications/app-1': { body: { ...detail, office_status: 'released', reviews, decision: released } },
      'PUT /staff/api/applications/app-1/decision': { body: { office_status: 'decided', decision: { ...released, decision: 'waitlist' } } },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    expect(within(decision).getByRole('heading', { name: 'Change the released decision' })).toBeInTheDocument();
    await user.click(within(decision).getByRole('radio', { name: 'Waitlist' }));
    await user.click(within(decision).getByRole('button', { name: 'Change the decision' }));
    const summaryBox = await screen.findByRole('alert');
    expect(summaryBox).toHaveTextContent('Give the reason for changing a released decision.');
    expect(within(decision).getByLabelText('Reason for the change')).toHaveAccessibleDescription(
      /^Error: ?Give the reason for changing a released decision\.$/,
    );
    await expectNoAxeViolations('a released decision without a reason');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(within(decision).getByLabelText('Reason for the change'), 'Clerical error');
    await user.click(within(decision).getByRole('button', { name: 'Change the decision' }));
    await within(decision).findByText(/^Decision changed to Waitlist/);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ decision: 'waitlist', note: 'Committee', reason: 'Clerical error' });
  });
});

describe('the list by role', () => {
  it('shows a reader no decision, reply, selection or bulk controls', async () => {
    stubStaffApi({ ...session('reader'), ...list });
    renderApp('/staff/applications');
    const table = await screen.findByRole('table');
    await vi.waitFor(() => expect(queryClient.getQueryData(['staff', 'session'])).toBeDefined());
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Reference', 'Name', 'E-mail', 'Submitted', 'Round', 'Entry term', 'Major', 'Status']);
    // No selection box in the results (the saved filters' "share" box is every role's).
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Decide the selected applications' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Admissions office' })).queryByRole('link', { name: 'Releases' })).toBeNull();
  });

  it('gives a decider the decision and reply columns and a bulk decision, confirmed in a dialog', async () => {
    const calls = stubStaffApi({
      ...session('decider'),
      ...list,
      'POST /staff/api/decisions': { body: { decision: 'deny', count: 2, ids: ['app-1', 'app-2'] } },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications');
    const table = await screen.findByRole('table');
    await vi.waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Reference', 'Name', 'E-mail', 'Submitted', 'Round', 'Entry term', 'Major', 'Status', 'Average score', 'Decision', 'Reply']),
    );
    // The decision and reply cells are a lazy chunk: as long a wait as findBy's here (journeys).
    await vi.waitFor(() => expect(within(table).getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('DecidedNo score yetAdmitAccepted'), {
      timeout: 5000,
    });
    // Deciders see no releases.
    expect(within(screen.getByRole('navigation', { name: 'Admissions office' })).queryByRole('link', { name: 'Releases' })).toBeNull();
    const bulk = await screen.findByRole('region', { name: 'Decide the selected applications' });
    expect(within(bulk).queryByRole('button', { name: /^Release/ })).toBeNull();
    await expectNoAxeViolations('the list for a decider');

    // Nothing selected, nothing chosen: said in the summary.
    await user.click(within(bulk).getByRole('button', { name: 'Decide 0 selected' }));
    const problems = await within(bulk).findByRole('alert');
    expect(problems).toHaveFocus();
    expect(problems).toHaveTextContent('Select the applications to decide');
    expect(problems).toHaveTextContent('Choose the decision for the selected applications.');

    await user.click(screen.getByRole('checkbox', { name: 'Select all applications on this page' }));
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(4);
    await user.click(screen.getByRole('checkbox', { name: 'Select Z9Y8X7W6' }));
    expect(screen.getByRole('checkbox', { name: 'Select all applications on this page' })).toBePartiallyChecked();
    await user.selectOptions(within(bulk).getByLabelText('Decision'), 'Deny');
    await user.click(within(bulk).getByRole('button', { name: 'Decide 2 selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide 2 applications?' });
    expect(dialog).toHaveTextContent('K7Q2M9XD (Ada Lovelace)');
    expect(dialog).toHaveTextContent('B3C4D5E6 (Grace Hopper)');
    await expectNoAxeViolations('the bulk decision dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deny 2 applications' }));
    const done = await within(bulk).findByText('Deny recorded for 2 applications. The applicants see nothing until the decisions are released.');
    await vi.waitFor(() => expect(done).toHaveFocus());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['app-1', 'app-2'], decision: 'deny' });
    await vi.waitFor(() => expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0));
  });

  it('names and links the applications that stopped an all-or-nothing bulk decision', async () => {
    stubStaffApi({
      ...session('decider'),
      ...list,
      'POST /staff/api/decisions': {
        status: 409,
        body: { message: 'Some applications cannot be decided: they are unknown or already released.', ids: ['app-3', 'app-9'] },
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all applications on this page' }));
    const bulk = await screen.findByRole('region', { name: 'Decide the selected applications' });
    await user.selectOptions(within(bulk).getByLabelText('Decision'), 'Admit');
    await user.click(within(bulk).getByRole('button', { name: 'Decide 3 selected' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Admit 3 applications' }));
    const refusal = await within(bulk).findByRole('alert');
    await vi.waitFor(() => expect(refusal).toHaveFocus());
    expect(refusal).toHaveTextContent('Nothing was decided. Some applications cannot be decided');
    expect(refusal).toHaveTextContent('These 2 applications stopped it:');
    expect(within(refusal).getByRole('link', { name: 'Z9Y8X7W6 (Alan Turing)' })).toHaveAttribute('href', '/staff/applications/app-3');
    expect(within(refusal).getByRole('link', { name: 'app-9' })).toHaveAttribute('href', '/staff/applications/app-9');
    await expectNoAxeViolations('a refused bulk decision');
  });
});

describe('releases (admins)', () => {
  const pending = {
    id: 'mhz0abcde0123456789ab',
    at: '2027-03-15T14:00:00.000Z',
    state: 'scheduled',
    status: 'decided',
    created_by: 'ana@example.edu',
    created_at: '2026-11-24T10:00:00.000Z',
  };

  it('are in an admin’s navigation; a selection travels from the list', async () => {
    stubStaffApi({ ...session('admin'), ...list, 'GET /staff/api/releases': { body: { items: [] } } });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications');
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' });
    expect(await within(nav).findByRole('link', { name: 'Releases' })).toHaveAttribute('href', '/staff/releases');
    await user.click(screen.getByRole('checkbox', { name: 'Select B3C4D5E6' }));
    // The bulk controls are a lazy chunk.
    await user.click(await screen.findByRole('button', { name: 'Release 1 selected' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/staff/releases'));
    expect(await screen.findByRole('radio', { name: 'The 1 application selected: B3C4D5E6 (Grace Hopper)' })).toBeChecked();
  });

  it('check the date and time, schedule on the institution’s clock, and cancel a pending one', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T12:00:00.000Z') });
    try {
      let items: object[] = [pending];
      const calls = stubStaffApi({
        ...session('admin'),
        'GET /staff/api/releases': () => ({ body: { items, decided: 3 } }),
        'POST /staff/api/releases': ({ body }) => {
          const r = {
            id: 'mhz0abcdf0123456789ab',
            state: 'scheduled',
            created_by: 'ana@example.edu',
            created_at: '2026-11-25T12:00:00.000Z',
            ...(body as object),
          };
          items = [...items, r];
          return { body: r };
        },
        'DELETE /staff/api/releases/mhz0abcde0123456789ab': () => {
          items = items.filter((i) => (i as { id: string }).id !== pending.id);
          return { body: { message: 'Cancelled.' } };
        },
      });
      const user = userEvent.setup();
      renderApp('/staff/releases');
      expect(await screen.findByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
      const table = screen.getByRole('table');
      expect(within(table).getByRole('row', { name: /Every application decided/ })).toHaveTextContent(formatDateTime(pending.at));
      await expectNoAxeViolations('the releases screen');

      await user.click(screen.getByRole('radio', { name: 'At a date and time' }));
      await user.click(screen.getByRole('button', { name: 'Schedule the release' }));
      let summaryBox = await screen.findByRole('alert');
      expect(summaryBox).toHaveFocus();
      expect(
        within(summaryBox)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Enter the date of the release, like 03/15/2027.', 'Enter the time of the release, like 09:00 AM.']);
      expect(document.title).toBe('Error: Releases | Admissions office');
      await expectNoAxeViolations('the release form with errors');

      // In the past on Chicago's clock (06:00 there is 12:00 UTC).
      await user.type(screen.getByLabelText('Date'), '2026-11-25');
      await user.type(screen.getByLabelText('Time'), '05:30');
      await user.click(screen.getByRole('button', { name: 'Schedule the release' }));
      summaryBox = await screen.findByRole('alert');
      expect(
        within(summaryBox)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Choose a date and time in the future.']);

      await user.clear(screen.getByLabelText('Date'));
      await user.type(screen.getByLabelText('Date'), '2027-03-16');
      await user.clear(screen.getByLabelText('Time'));
      await user.type(screen.getByLabelText('Time'), '09:00');
      await user.click(screen.getByRole('button', { name: 'Schedule the release' }));
      const dialog = await screen.findByRole('dialog', { name: 'Schedule this release?' });
      expect(dialog).toHaveTextContent(
        `Release the decisions of every application decided when it runs on ${formatDateTime('2027-03-16T14:00:00.000Z')} (3 now).`,
      );
      await user.click(within(dialog).getByRole('button', { name: 'Schedule the release' }));
      const result = await screen.findByText(/^Release scheduled for/);
      await vi.waitFor(() => expect(result).toHaveFocus());
      // 9:00 in Chicago in March (CDT, UTC-5) is 14:00 UTC.
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'decided', at: '2027-03-16T14:00:00.000Z' });
      await vi.waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));

      await user.click(within(screen.getByRole('table')).getByRole('button', { name: `Cancel the release of ${formatDateTime(pending.at)}` }));
      const cancelDialog = await screen.findByRole('dialog', { name: 'Cancel this release?' });
      await expectNoAxeViolations('the cancel dialog');
      await user.click(within(cancelDialog).getByRole('button', { name: 'Cancel the release' }));
      const cancelled = await screen.findByText(`The release of ${formatDateTime(pending.at)} is cancelled.`);
      await vi.waitFor(() => expect(cancelled).toHaveFocus());
      expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
      await vi.waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('release now: the server’s count in words, its refusal in the summary', async () => {
    let refuse = true;
    stubStaffApi({
      ...session('admin'),
      'GET /staff/api/releases': { body: { items: [], decided: 12 } },
      'POST /staff/api/releases': () =>
        refuse
          ? { status: 400, body: { message: 'No application is decided and unreleased.' } }
          : {
              body: {
                id: 'mhz0abcdf0123456789ab',
                at: '2026-11-25T12:00:00.000Z',
                state: 'released',
                status: 'decided',
                created_by: 'ana@example.edu',
                created_at: '2026-11-25T12:00:00.000Z',
                released: 12,
              },
            },
    });
    const user = userEvent.setup();
    renderApp('/staff/releases');
    expect(await screen.findByText('No releases are scheduled.')).toBeInTheDocument();
    // How many "every decided application" is, and where they are, before an action that cannot be undone.
    expect(screen.getByRole('radio', { name: 'Every decided application (12)' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'See the 12 decided applications' })).toHaveAttribute('href', '/staff/applications?status=decided');
    await user.click(screen.getByRole('button', { name: 'Release now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Release the decisions of 12 applications now?' });
    expect(within(confirm).getByRole('link', { name: /^See the 12 decided applications/ })).toHaveAttribute('href', '/staff/applications?status=decided');
    await expectNoAxeViolations('the release dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Release now' }));
    const summaryBox = await screen.findByRole('alert');
    await vi.waitFor(() => expect(summaryBox).toHaveFocus());
    expect(summaryBox).toHaveTextContent('No application is decided and unreleased.');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Release now' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Release the decisions of 12 applications now?' })).getByRole('button', { name: 'Release now' }),
    );
    expect(await screen.findByText('Released 12 applications: each applicant is e-mailed that an update is available.')).toHaveAttribute('role', 'status');
  });
});
