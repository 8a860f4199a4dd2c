import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { institution } from '#form/institution';
import { queryClient } from '#web/lib/query-client';
import { renderApp, stubStaffApi, summary, type Call } from './test-support';

// Whole journeys through the real router and lazy chunks: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const second = { ...summary, id: 'app-2', reference: 'B3C4D5E6', name: 'Grace Hopper', email: 'grace@example.com' };
const term = institution.entryTerms[0]!;
const queryOf = (call: Call | undefined) => Object.fromEntries(new URL(call?.url ?? '/', 'http://x').searchParams);
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
    ).toEqual(['Reference', 'Name', 'E-mail', 'Submitted', 'Entry term', 'Major', 'Status']);
    expect(within(table).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('Computer Science');
    expect(screen.getByRole('status')).toHaveTextContent('1 application on this page.');

    await user.selectOptions(screen.getByLabelText('Entry term'), term.label);
    await user.selectOptions(screen.getByLabelText('Major'), 'Computer Science');
    await user.type(screen.getByLabelText('Search by name, e-mail or reference'), 'lovelace');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(queryOf(listCalls(calls)[1])).toEqual({ term: term.value, major: 'CS', q: 'lovelace' });
    // Only the filters in use go into the address.
    expect(router.state.location.search).toBe(`?term=${term.value}&major=CS&q=lovelace`);
    // The keyboard continues from the new results.
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Results, page 1' })).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('1 application on this page, filtered.');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/staff/api/export.csv?term=${term.value}&major=CS&q=lovelace`);
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute('href', `/staff/api/export.json?term=${term.value}&major=CS&q=lovelace`);
    // The form keeps the chosen filters.
    expect(screen.getByLabelText('Major')).toHaveValue('CS');
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
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
    expect(queryOf(listCalls(calls).at(-1))).toEqual({ major: 'CS', cursor: 'c2' });
    expect(screen.getByRole('heading', { level: 2, name: 'Results, page 2' })).toHaveFocus();
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
    expect(queryOf(calls.at(-1))).toEqual({ application: 'app-1' });
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

describe('temporary links', () => {
  const issuedLink = {
    id: '00mhqz1k0a1b2c3d4e5f6',
    issued_at: '2026-11-24T15:00:00.000Z',
    issued_by: 'bo@example.edu',
    expires_at: '2099-12-08T15:00:00.000Z',
    keys: ['first_name'],
    recipient_name: 'Sam Prospect',
    recipient_email: 'sam@example.com',
  };
  const signedIn = {
    'GET /staff/api/session': { body: { email: 'ana@example.edu' } },
    'GET /staff/api/temporary-links': { body: { items: [issuedLink], cursor: null } },
  };

  it('prepares answers with their labels and shows the link, focused, with a copy button', async () => {
    const calls = stubStaffApi({
      ...signedIn,
      'POST /staff/api/temporary-links': {
        body: { id: '00mhqz1k0ffffffffffff', url: 'http://localhost:3000/about?token=abc', expires_at: '2026-12-01T08:00:00.000Z', sent_to: 'sam@example.com' },
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/links');
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Recipient’s name'), 'Sam Prospect');
    await user.type(screen.getByLabelText('Recipient’s e-mail'), 'sam@example.com');
    await user.selectOptions(screen.getByLabelText('Major'), 'Nursing');
    await user.clear(screen.getByLabelText(/Link expires after/));
    await user.type(screen.getByLabelText(/Link expires after/), '14');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Link created' })).toHaveFocus();
    expect(screen.getByLabelText('Temporary link')).toHaveValue('http://localhost:3000/about?token=abc');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      answer: { first_name: 'Sam', applied_major: 'NURS', applied_major_desc: 'Nursing' },
      expires_in_days: 14,
      recipient: { name: 'Sam Prospect', email: 'sam@example.com' },
    });
    expect(screen.getByText('It has been e-mailed to sam@example.com.')).toBeInTheDocument();
    expect(screen.getByText(/It works until December 1, 2026 at 2:00 AM CST\./)).toBeInTheDocument();
    // The form is fresh for the next prospect.
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Recipient’s e-mail')).toHaveValue('');
    expect(screen.getByLabelText('Major')).toHaveValue('');
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/about?token=abc');
    expect(screen.getByText('Copied to the clipboard.')).toHaveAttribute('role', 'status');
  });

  it('lists the links issued and revokes one', async () => {
    let revoked = false;
    const calls = stubStaffApi({
      ...signedIn,
      'GET /staff/api/temporary-links': () => ({
        body: { items: [revoked ? { ...issuedLink, revoked_at: '2026-11-25T15:00:00.000Z', revoked_by: 'ana@example.edu' } : issuedLink], cursor: null },
      }),
      [`DELETE /staff/api/temporary-links/${issuedLink.id}`]: () => {
        revoked = true;
        return { body: { message: 'The link is revoked: it no longer opens the application.' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/links');
    const row = await screen.findByRole('row', { name: /Sam Prospect/ });
    expect(row).toHaveTextContent('November 24, 2026 at 9:00 AM CST');
    expect(row).toHaveTextContent('by bo@example.edu');
    expect(row).toHaveTextContent('Not yet');
    await user.click(within(row).getByRole('button', { name: 'Revoke the link for Sam Prospect, sam@example.com' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Links issued' })).toHaveFocus());
    expect(screen.getByText('The link for Sam Prospect, sam@example.com is revoked: it no longer opens the application.')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Sam Prospect/ })).toHaveTextContent('Revoked November 25, 2026 at 9:00 AM CST by ana@example.edu');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('asks for at least one answer and a lifetime of 1 to 90 days before calling the server', async () => {
    const calls = stubStaffApi(signedIn);
    const user = userEvent.setup();
    renderApp('/staff/links');
    await user.clear(await screen.findByLabelText(/Link expires after/));
    await user.type(screen.getByLabelText(/Link expires after/), '91');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveFocus();
    expect(
      within(alert)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Fill in at least one answer to prepare.', 'Enter a whole number of days from 1 to 90.']);
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(/Fill in at least one answer to prepare\./);
    expect(document.title).toBe('Error: Temporary links | Admissions office');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('puts the server’s refusal beside the field it names', async () => {
    stubStaffApi({
      ...signedIn,
      'POST /staff/api/temporary-links': {
        status: 400,
        body: { message: 'Some answers cannot be prepared.', errors: { first_name: ['First Name is too long.'] } },
      },
    });
    const user = userEvent.setup();
    renderApp('/staff/links');
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveTextContent('Some answers cannot be prepared.');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(/First Name is too long\./);
  });

  it('goes to the sign-in when the session ends while the form is open', async () => {
    // The session ends with the form open: from then on the server refuses it, its session check included.
    let ended = false;
    const refused = { status: 401, body: { message: 'Please sign in.' } };
    stubStaffApi({
      ...signedIn,
      'GET /staff/api/session': () => (ended ? refused : signedIn['GET /staff/api/session']),
      'POST /staff/api/temporary-links': () => ((ended = true), refused),
    });
    const user = userEvent.setup();
    const router = renderApp('/staff/links');
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/staff/links')}`);
  });

  it('sends a visitor without a staff session to the sign-in first', async () => {
    stubStaffApi({ 'GET /staff/api/session': { status: 401, body: { message: 'Please sign in.' } } });
    const router = renderApp('/staff/links');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/staff/links')}`);
  });
});
