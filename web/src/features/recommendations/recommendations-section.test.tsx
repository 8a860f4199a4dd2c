import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecommendationItem, RecommendationList } from '#form/wire/recommendations';
import { RECOMMENDATION_MESSAGES } from '#form/wire/recommendations';
import { answersStore, savedAnswersStore } from '#web/lib/answers';
import { createQueryClient } from '#web/lib/query-client';
import { updateSnapshot } from '#web/lib/session';
import { fakeFetch, sentJson } from '#web/test/fetch';
import RecommendationsSection from './components/RecommendationsSection';
import { waiverFirstMessage } from './words';

const item = (over: Partial<RecommendationItem>): RecommendationItem => ({
  id: 'r1',
  role: 'teacher',
  first_name: 'Ada',
  last_name: 'Byron',
  email: 'ada@school.org',
  status: 'invited',
  invited_at: '2026-11-02T15:00:00.000Z',
  expires_at: '2027-01-01T15:00:00.000Z',
  ...over,
});

type Handler = (init: RequestInit | undefined) => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** Answers each `METHOD /path` from the table; anything else is a 404 the test would see. */
function serve(routes: Record<string, Handler>) {
  const fetch = fakeFetch((url, init) => {
    const handler = routes[`${init?.method ?? 'GET'} ${url}`];
    return handler ? handler(init) : json({ message: `unexpected ${url}` }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const list = (over: Partial<RecommendationList> = {}): RecommendationList => ({ items: [], waiver: 'Y', max_teachers: 2, ...over });

function renderSection(place: 'form' | 'status' = 'status', closed = false) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RecommendationsSection place={place} closed={closed} />
    </QueryClientProvider>,
  );
}

describe('the applicant’s recommendations section', () => {
  beforeEach(() => {
    updateSnapshot({ is_logged_in: true, is_service_user: false });
    const answers = {
      counselor_first_name: 'Grace',
      counselor_last_name: 'Hopper',
      counselor_email_address: 'grace@school.org',
      counselor_waiver_request: 'Y',
    };
    answersStore.set({ ...answers });
    savedAnswersStore.set({ ...answers });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    updateSnapshot({ is_logged_in: false });
  });

  it('shows each recommender’s state in words with its dates in the institution’s calendar, and reminders and cancel only while the link is live', async () => {
    serve({
      'GET /api/recommendations': () =>
        json(
          list({
            items: [
              item({ id: 'a', status: 'opened', reminded_at: '2026-11-10T05:00:00.000Z' }),
              item({ id: 'b', role: 'counselor', first_name: 'Grace', last_name: 'Hopper', status: 'submitted', submitted_at: '2026-11-20T04:00:00.000Z' }),
              item({ id: 'c', first_name: 'Alan', last_name: 'Turing', status: 'expired' }),
            ],
          }),
        ),
    });
    renderSection();
    const opened = (await screen.findByRole('heading', { name: 'Teacher: Ada Byron' })).closest('li') as HTMLElement;
    expect(within(opened).getByText('Opened')).toBeInTheDocument();
    expect(within(opened).getByText('Invited November 2, 2026')).toBeInTheDocument();
    // 05:00 UTC on the 10th is still the 9th in Chicago.
    expect(within(opened).getByText('Reminder sent November 9, 2026')).toBeInTheDocument();
    expect(within(opened).getByText('The link works until January 1, 2027')).toBeInTheDocument();
    expect(within(opened).getByRole('button', { name: 'Send a reminder to Ada Byron' })).toBeEnabled();
    const submitted = screen.getByRole('heading', { name: 'Counselor: Grace Hopper' }).closest('li') as HTMLElement;
    expect(within(submitted).getByText('Submitted')).toBeInTheDocument();
    expect(within(submitted).getByText('Letter submitted November 19, 2026')).toBeInTheDocument();
    expect(within(submitted).queryByRole('button')).toBeNull();
    const expired = screen.getByRole('heading', { name: 'Teacher: Alan Turing' }).closest('li') as HTMLElement;
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).queryByRole('button')).toBeNull();
    // The counselor's letter is in: only teachers can still be invited.
    expect(screen.getByLabelText(/My school counselor/)).toBeDisabled();
    expect(screen.getByLabelText('A teacher')).toBeChecked();
  });

  it('until the waiver is answered, says so and keeps the invitation disabled', async () => {
    answersStore.set({ ...answersStore.get(), counselor_waiver_request: '' });
    serve({ 'GET /api/recommendations': () => json(list({ waiver: '' })) });
    renderSection('form');
    const send = await screen.findByRole('button', { name: 'Send the invitation' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(waiverFirstMessage());
    expect(screen.getByLabelText('First name')).toBeDisabled();
  });

  it('on the status page reads the waiver as stored', async () => {
    serve({ 'GET /api/recommendations': () => json(list({ waiver: '' })) });
    renderSection('status');
    expect(await screen.findByRole('button', { name: 'Send the invitation' })).toBeDisabled();
  });

  it('pre-fills the counselor from the answers and invites them, then lists them', async () => {
    let items: RecommendationItem[] = [];
    const fetch = serve({
      'GET /api/recommendations': () => json(list({ items })),
      'POST /api/recommendations': (init) => {
        const body = sentJson(init) as { role: 'counselor'; first_name: string; last_name: string; email: string };
        items = [item({ id: 'n', ...body })];
        return json(items[0]);
      },
    });
    renderSection();
    expect(await screen.findByLabelText('First name')).toHaveValue('Grace');
    expect(screen.getByLabelText('Last name')).toHaveValue('Hopper');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('grace@school.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('We sent an invitation to Grace Hopper at grace@school.org.')).toBeInTheDocument();
    const posted = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(sentJson(posted?.[1])).toEqual({ role: 'counselor', first_name: 'Grace', last_name: 'Hopper', email: 'grace@school.org' });
    expect(await screen.findByRole('heading', { name: 'Counselor: Grace Hopper' })).toBeInTheDocument();
    // The next invitation is a teacher's, with empty fields.
    expect(screen.getByLabelText('A teacher')).toBeChecked();
    expect(screen.getByLabelText('First name')).toHaveValue('');
  });

  it('checks the fields on submit: the summary takes focus and each message is tied to its field', async () => {
    const fetch = serve({ 'GET /api/recommendations': () => json(list()) });
    renderSection();
    await userEvent.click(await screen.findByLabelText('A teacher'));
    await userEvent.type(screen.getByLabelText('E-mail address'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: RECOMMENDATION_MESSAGES.firstName })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(new RegExp(RECOMMENDATION_MESSAGES.firstName));
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(/Enter the recommender’s e-mail address/);
    expect(screen.getByLabelText('E-mail address')).toBeInvalid();
    await userEvent.click(within(summary).getByRole('link', { name: RECOMMENDATION_MESSAGES.lastName }));
    expect(screen.getByLabelText('Last name')).toHaveFocus();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusals in words: a 409’s message in the summary, a 400’s at its field', async () => {
    let reply = json({ message: 'Ada Byron already has an invitation that is still open.' }, 409);
    serve({ 'GET /api/recommendations': () => json(list()), 'POST /api/recommendations': () => reply });
    renderSection();
    await userEvent.click(await screen.findByLabelText('A teacher'));
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Byron');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@school.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Ada Byron already has an invitation that is still open.');
    await waitFor(() => expect(summary).toHaveFocus());
    reply = json({ message: 'Enter an e-mail address.', errors: { email: ['That address is your own: ask someone else.'] } }, 400);
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(/That address is your own: ask someone else\./));
  });

  it('sends a reminder, and a refused one says why and when the next may go', async () => {
    let reminded = false;
    serve({
      'GET /api/recommendations': () => json(list({ items: [item({})] })),
      'POST /api/recommendations/r1/reminder': () => {
        if (reminded) return json({ message: 'You sent a reminder recently.', next_allowed_at: '2026-11-13T18:00:00.000Z' }, 429);
        reminded = true;
        return json(item({ reminded_at: '2026-11-10T18:00:00.000Z' }));
      },
    });
    renderSection();
    const remind = await screen.findByRole('button', { name: 'Send a reminder to Ada Byron' });
    await userEvent.click(remind);
    expect(await screen.findByText('We sent Ada Byron a reminder.')).toBeInTheDocument();
    await userEvent.click(remind);
    expect(await screen.findByText('You sent a reminder recently. You can send the next reminder on November 13, 2026.')).toBeInTheDocument();
  });

  it('offers a reminder a day after the invitation, and says when it can go until then', async () => {
    const invitedNow = new Date().toISOString();
    const tomorrow = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', year: 'numeric', month: 'long', day: 'numeric' }).format(
      new Date(Date.parse(invitedNow) + 86_400_000),
    );
    serve({ 'GET /api/recommendations': () => json(list({ items: [item({ invited_at: invitedNow })] })) });
    renderSection();
    const row = (await screen.findByRole('heading', { name: 'Teacher: Ada Byron' })).closest('li') as HTMLElement;
    expect(within(row).queryByRole('button', { name: /Send a reminder/ })).toBeNull();
    expect(within(row).getByText(`You can send a reminder on ${tomorrow}.`)).toBeInTheDocument();
    // What the other button cancels, in its own words.
    expect(within(row).getByRole('button', { name: 'Cancel this request to Ada Byron' })).toHaveTextContent('Cancel this request');
  });

  it('once a final decision is released offers no more invitations or reminders, and says why', async () => {
    serve({ 'GET /api/recommendations': () => json(list({ items: [item({})] })) });
    renderSection('status', true);
    const row = (await screen.findByRole('heading', { name: 'Teacher: Ada Byron' })).closest('li') as HTMLElement;
    expect(within(row).queryByRole('button', { name: /Send a reminder/ })).toBeNull();
    expect(within(row).queryByText(/You can send a reminder/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Send the invitation/ })).toBeNull();
    expect(screen.getByText('Your decision has been released: no more letters of recommendation are needed.')).toBeInTheDocument();
  });

  it('cancels after a confirmation, and focus lands on the new state', async () => {
    let status: RecommendationItem['status'] = 'invited';
    const fetch = serve({
      'GET /api/recommendations': () => json(list({ items: [item({ status })] })),
      'DELETE /api/recommendations/r1': () => {
        status = 'cancelled';
        return json({ message: 'Cancelled.' });
      },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel this request to Ada Byron' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this invitation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the invitation' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel this request to Ada Byron' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Cancel this invitation?' })).getByRole('button', { name: 'Cancel the invitation' }));
    const state = await screen.findByText('Cancelled');
    await waitFor(() => expect(state.closest('p')).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Ada Byron/ })).toBeNull();
  });

  it('asks a visitor without an account to create one first, and reads nothing', () => {
    updateSnapshot({ is_logged_in: false });
    const fetch = serve({});
    renderSection('form');
    expect(screen.getByText('You can invite recommenders once you have created an account.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
