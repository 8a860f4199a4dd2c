import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { institution } from '#form/institution';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, queryOf, renderApp, second, stubStaffApi, summary, type Call } from '../shared/test-support';

journeys();

const term = institution.entryTerms[0]!;
const listCalls = (calls: Call[]) => calls.filter((c) => c.url.startsWith('/staff/api/applications'));

describe('the applications list', () => {
  it('filters by term, major and search through the address, and exports with the same filters', async () => {
    const calls = stubStaffApi({ 'GET /staff/api/applications': { body: { items: [summary], cursor: null } } });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Reference', 'Name', 'E-mail', 'Submitted', 'Round', 'Entry term', 'Major', 'Status']);
    expect(within(table).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('Computer Science');
    expect(screen.getByRole('status')).toHaveTextContent('1 application on this page.');

    await user.selectOptions(screen.getByLabelText('Entry term'), term.label);
    await user.selectOptions(screen.getByLabelText('Major'), 'Computer Science');
    await user.type(screen.getByLabelText('Search by name, e-mail or reference'), 'lovelace');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    // The list shows the current cycle unless another is chosen: the API is asked for it, the address leaves it out.
    expect(queryOf(listCalls(calls)[1])).toEqual({ term: term.value, major: 'CS', q: 'lovelace', cycle: 'current' });
    // Only the filters in use go into the address.
    expect(router.state.location.search).toBe(`?term=${term.value}&major=CS&q=lovelace`);
    // The keyboard continues from the new results.
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Results, page 1' })).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('1 application on this page, filtered.');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/staff/api/export.csv?term=${term.value}&major=CS&q=lovelace&cycle=current`,
    );
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
      'href',
      `/staff/api/export.json?term=${term.value}&major=CS&q=lovelace&cycle=current`,
    );
    // The form keeps the chosen filters.
    expect(screen.getByLabelText('Major')).toHaveValue('CS');
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens on the current cycle, filters by cycle, round and late, exports and reads the queue with them, and offers every cycle', async () => {
    const late = { ...second, round: 'rd', late: true };
    const calls = stubStaffApi({
      'GET /staff/api/applications': { body: { items: [summary, late], cursor: null } },
      'GET /staff/api/queue/next': { status: 404, body: { message: 'There is nothing left for you to read in Next cycle.' } },
    });
    const user = userEvent.setup();
    const router = renderApp('/staff/applications');
    const table = await screen.findByRole('table');
    expect(queryOf(listCalls(calls)[0])).toEqual({ cycle: 'current' });
    expect(within(table).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('Regular DecisionThis cycle');
    expect(within(table).getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('Regular Decision, lateThis cycle');
    const cycle = screen.getByLabelText('Cycle');
    expect(cycle).toHaveValue('current');
    expect(
      within(cycle)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All cycles', 'This cycle (current)', 'Next cycle']);
    await expectNoAxeViolations('the list with its cycle, round and late filters');

    await user.selectOptions(cycle, 'Next cycle');
    expect(
      within(screen.getByLabelText('Round'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All rounds', 'Regular Decision']);
    await user.selectOptions(screen.getByLabelText('Round'), 'Regular Decision');
    await user.selectOptions(screen.getByLabelText('Late'), 'Late only');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?cycle=next&round=rd&late=true'));
    await vi.waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toEqual({ cycle: 'next', round: 'rd', late: 'true' }));
    // The new page shows once its loader has read it.
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/staff/api/export.csv?cycle=next&round=rd&late=true'),
    );
    // The reader's queue works in the list's cycle, and says the server's words when none is left.
    await user.click(screen.getByRole('button', { name: 'Next application to read' }));
    expect(await screen.findByText('There is nothing left for you to read in Next cycle.')).toHaveAttribute('aria-live', 'polite');
    expect(queryOf(calls.filter((c) => c.url.startsWith('/staff/api/queue/next')).at(-1))).toEqual({ cycle: 'next' });

    // Every cycle: the address says so, the API is asked without a cycle.
    await user.selectOptions(screen.getByLabelText('Cycle'), 'All cycles');
    await user.selectOptions(screen.getByLabelText('Round'), 'All rounds');
    await user.selectOptions(screen.getByLabelText('Late'), 'Late or on time');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?cycle=all'));
    await vi.waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toEqual({}));
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/staff/api/export.csv'));
    await user.click(screen.getByRole('button', { name: 'Next application to read' }));
    await vi.waitFor(() => expect(queryOf(calls.filter((c) => c.url.startsWith('/staff/api/queue/next')).at(-1))).toEqual({}));
  });

  it('pages forward with the cursor and back again', async () => {
    const calls = stubStaffApi({
      'GET /staff/api/applications': ({ url }) =>
        url.includes('cursor=c2') ? { body: { items: [second], cursor: null } } : { body: { items: [summary], cursor: 'c2' } },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications?major=CS');
    await screen.findByRole('link', { name: summary.reference });
    expect(screen.queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await screen.findByRole('link', { name: second.reference });
    expect(queryOf(listCalls(calls).at(-1))).toEqual({ major: 'CS', cycle: 'current', cursor: 'c2' });
    // The results take the keyboard in an effect after the new page shows.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Results, page 2' })).toHaveFocus());
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await screen.findByRole('link', { name: summary.reference });
    expect(screen.getByRole('heading', { level: 2, name: 'Results, page 1' })).toBeInTheDocument();
  });

  it('names the link of an application without a reference by its applicant', async () => {
    stubStaffApi({ 'GET /staff/api/applications': { body: { items: [{ ...summary, reference: '' }], cursor: null } } });
    renderApp('/staff/applications');
    expect(await screen.findByRole('link', { name: /^Open ?the application of Ada Lovelace$/ })).toHaveAttribute('href', '/staff/applications/app-1');
  });

  it('says when nothing matches', async () => {
    stubStaffApi({ 'GET /staff/api/applications': { body: { items: [], cursor: null } } });
    renderApp('/staff/applications?q=nobody');
    expect(await screen.findByText('No submitted applications match these filters.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

const detail = {
  id: 'app-1',
  reference: summary.reference,
  name: summary.name,
  email: summary.email,
  submitted_at: summary.submitted_at,
  cycle: 'current',
  cycle_label: 'This cycle',
  round: 'rd',
  round_label: 'Regular Decision',
  late: true,
  late_meaning:
    'Submitted after the Regular Decision deadline (May 1, 2027 at 11:59 pm Central Time), inside its late window of 3 days: accepted and marked late.',
  pages: [
    {
      number: 1,
      title: 'About You',
      sections: [
        {
          title: 'Your Name',
          rows: [
            { key: 'first_name', label: 'First Name', value: 'Ada' },
            { key: 'middle_name', label: 'Middle Name', value: '' },
          ],
        },
      ],
    },
  ],
  documents: [
    {
      key: 'transcript',
      label: 'Transcript',
      file_name: 'transcript.png',
      status: 'COMPLETED',
      download_url: '/staff/api/applications/app-1/documents/transcript/download',
    },
    { key: 'essay', label: 'Essay', file_name: 'essay.docx', status: 'IN_PROGRESS' },
  ],
  pdf: { status: 'COMPLETED', download_url: '/staff/api/applications/app-1/pdf/download' },
};

describe('one application', () => {
  it('shows the printed answers, the PDF, the documents, and who has read it', async () => {
    const calls = stubStaffApi({
      'GET /staff/api/applications': { body: { items: [summary], cursor: null } },
      'GET /staff/api/applications/app-1': { body: detail },
      'GET /staff/api/audit': {
        body: {
          items: [
            {
              at: '2026-11-24T08:00:00.000Z',
              staff: 'ana@example.edu',
              action: 'read',
              summary: 'Read the application K7Q2M9XD (Ada Lovelace)',
              application: 'app-1',
              ip: '127.0.0.1',
            },
          ],
          cursor: null,
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications?major=CS');
    await user.click(await screen.findByRole('link', { name: summary.reference }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    // The title follows the page in an effect: on a loaded machine it may land a tick after the heading.
    await waitFor(() => expect(document.title).toBe('Ada Lovelace (K7Q2M9XD) | Admissions office'));
    // Where it sits in the timetable, beside its submission time.
    const facts = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(facts('Cycle')).toHaveTextContent('This cycle');
    expect(facts('Round')).toHaveTextContent('Regular Decision');
    expect(facts('Deadline')).toHaveTextContent(`Late. ${detail.late_meaning}`);
    const answers = screen.getByRole('region', { name: 'Answers' });
    expect(within(answers).getByRole('heading', { level: 3, name: '1. About You' })).toBeInTheDocument();
    expect(within(answers).getByText('First Name').nextElementSibling).toHaveTextContent('Ada');
    expect(within(answers).getByText('Middle Name').nextElementSibling).toHaveTextContent('Not answered');
    expect(screen.getByRole('link', { name: 'Download the application PDF' })).toHaveAttribute('href', detail.pdf.download_url);
    const docs = within(screen.getByRole('region', { name: 'Application PDF and documents' })).getByRole('table');
    expect(within(docs).getByRole('row', { name: /Transcript/ })).toHaveTextContent('Ready');
    expect(within(docs).getByRole('link', { name: 'PDF of transcript.png' })).toHaveAttribute('href', detail.documents[0]!.download_url);
    expect(within(docs).getByRole('row', { name: /Essay/ })).toHaveTextContent('Being prepared');

    await user.click(screen.getByRole('link', { name: 'Who has read this application' }));
    await screen.findByRole('heading', { level: 1, name: 'Access record of this application' });
    const table = screen.getByRole('table');
    const read = within(table).getByRole('row', { name: /ana@example\.edu/ });
    expect(read).toHaveTextContent('Read the application K7Q2M9XD (Ada Lovelace)');
    // On the institution's clock, naming its zone (08:00 UTC is 2:00 AM in Chicago in November).
    expect(read).toHaveTextContent('November 24, 2026 at 2:00 AM CST');
    expect(queryOf(calls.filter((c) => c.url.startsWith('/staff/api/audit')).at(-1))).toEqual({ application: 'app-1' });
    await user.click(screen.getByRole('link', { name: 'Back to the application' }));
    await user.click(await screen.findByRole('link', { name: 'Back to the applications' }));
    await screen.findByRole('heading', { level: 1, name: 'Submitted applications' });
    expect(window.location.search).toBe('?major=CS');
  });

  it('reads the application again on request while its PDF is being prepared', async () => {
    let reads = 0;
    stubStaffApi({
      'GET /staff/api/applications/app-1': () => ({ body: ++reads === 1 ? { ...detail, pdf: { status: 'IN_PROGRESS' } } : detail }),
    });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    expect(await screen.findByText('The application PDF is being prepared.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download the application PDF' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    const pdf = await screen.findByRole('link', { name: 'Download the application PDF' });
    expect(pdf).toHaveAttribute('href', detail.pdf.download_url);
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(pdf).toHaveFocus());
    expect(reads).toBe(2);
  });

  it('names an unknown application as not found, inside the console', async () => {
    stubStaffApi({ 'GET /staff/api/applications/nope': { status: 404, body: { message: 'There is no submitted application with this id.' } } });
    renderApp('/staff/applications/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the applications' })).toBeInTheDocument();
  });
});
