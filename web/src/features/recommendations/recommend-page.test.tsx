import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { institution } from '#form/institution';
import { FILE_MESSAGES } from '#form/validation/messages';
import { RECOMMENDATION_MESSAGES, type RecommenderView } from '#form/wire/recommendations';
import { createQueryClient, queryClient } from '#web/lib/query-client';
import { fakeFetch, sentJson } from '#web/test/fetch';
import { loader, RecommendPage } from './routes/recommend';

const TOKEN = 'A'.repeat(32);
const BUCKET = 'http://bucket.test/uploads';

const view = (over: Partial<RecommenderView> = {}): RecommenderView => ({
  applicant: { first_name: 'Maya', last_name: 'Lin', school: 'Lincoln High School' },
  role: 'teacher',
  waiver: 'Y',
  status: 'opened',
  expires_at: '2027-01-01T15:00:00.000Z',
  institution: 'Example University',
  ...over,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The routes of this page, answered from the table by `METHOD path` (the query left off). */
function serve(routes: Record<string, (init: RequestInit | undefined, url: string) => Response>) {
  const fetch = fakeFetch((url, init) => {
    const handler = routes[`${init?.method ?? 'GET'} ${url.split('?')[0]}`];
    return handler ? handler(init, url) : json({ message: `unexpected ${url}` }, 500);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage(search = `?token=${TOKEN}`) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/recommend${search}`]}>
        <RecommendPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const letter = (name = 'letter.pdf', bytes = 10) => new File([new Uint8Array(bytes).fill(65)], name, { type: 'application/pdf' });

/** The upload's routes: the grant, the bucket, then the conversion's statuses in turn (the last repeats). */
function uploadRoutes(statuses: { status: string; message?: string }[]) {
  let asked = 0;
  return {
    'POST /public/recommendation/presigned-url': () => json({ url: BUCKET, fields: { key: 'recommendations/r1/letter.pdf', policy: 'p' } }),
    [`POST ${BUCKET}`]: () => new Response(null, { status: 204 }),
    'GET /public/recommendation/letter': () => json(statuses[Math.min(asked++, statuses.length - 1)]),
  };
}

describe('the recommender’s /recommend page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows whom the letter is for, the role, the waiver in words and the link’s last day', async () => {
    const fetch = serve({ 'GET /public/recommendation': () => json(view()) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'For Maya Lin' })).toBeInTheDocument();
    expect(screen.getByText('Lincoln High School')).toBeInTheDocument();
    expect(screen.getByText('Their teacher')).toBeInTheDocument();
    expect(screen.getByText('The applicant has waived the right to read this letter: it stays confidential.')).toBeInTheDocument();
    expect(screen.getByText('January 1, 2027')).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe(`/public/recommendation?token=${TOKEN}`);
    // No applicant navigation or account menu on this page.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it.each([
    ['an unknown, expired or cancelled link', `?token=${TOKEN}`],
    ['a link without a token', ''],
  ])('says in words that %s no longer works and to ask for a new one', async (_, search) => {
    serve({ 'GET /public/recommendation': () => json({ message: RECOMMENDATION_MESSAGES.token }, 404) });
    renderPage(search);
    expect(await screen.findByRole('heading', { level: 2, name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByText(/Ask the applicant to send you a new one\./)).toBeInTheDocument();
    // Said once, and without the introduction to an upload that cannot happen.
    expect(document.body.textContent.match(/This link no longer works/g)).toHaveLength(1);
    expect(document.querySelector('.recommend__intro')).toBeNull();
  });

  it.each([
    ['loading', `?token=${TOKEN}`, () => new Promise<Response>(() => undefined), 'Loading the request'],
    ['a request', `?token=${TOKEN}`, () => Promise.resolve(json(view())), 'For Maya Lin'],
    [
      'a failed load',
      `?token=${TOKEN}`,
      () => Promise.resolve(json({ message: 'down' }, 503)),
      'We could not load this request. Please reload the page to try again.',
    ],
  ])('has the one heading and the introduction from the institution’s configuration while showing %s', async (_, search, answer, settled) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    renderPage(search);
    await screen.findByText(settled);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((h) => h.textContent)).toEqual(['Letter of recommendation']);
    const intro = headings[0]!.nextElementSibling;
    expect(intro?.textContent).toMatch(
      new RegExp(`^${institution.name} asks the teachers and school counselors .* a link works for ${institution.recommendations.linkDays} days\\.$`),
    );
    // The largest text of the first paint (the prerendered HTML): each state's own paragraphs are shorter.
    for (const p of document.querySelectorAll('.recommend p:not(.recommend__intro), .recommend dd'))
      expect(p.textContent.length).toBeLessThan(intro!.textContent.length);
  });

  it.each([
    ['a request', () => json(view()), 'For Maya Lin'],
    ['a dead link', () => json({ message: RECOMMENDATION_MESSAGES.token }, 404), 'This link no longer works'],
  ])('asks for %s as the router loads the page, before React renders it, and never again', async (_, answer, heading) => {
    queryClient.clear();
    const fetch = serve({ 'GET /public/recommendation': answer });
    const router = createMemoryRouter([{ path: '/recommend', loader, Component: RecommendPage }], { initialEntries: [`/recommend?token=${TOKEN}`] });
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([`/public/recommendation?token=${TOKEN}`]);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('has nothing to ask before rendering when the link has no token', async () => {
    const fetch = serve({});
    expect(await loader({ request: new Request('http://localhost/recommend') })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the letter and its details on submit: the summary takes focus and names each problem', async () => {
    const fetch = serve({ 'GET /public/recommendation': () => json(view()) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit the recommendation' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'Upload your letter before submitting.' })).toBeInTheDocument();
    // One message for the missing letter, in words: never the contract's field name.
    expect(within(summary).getAllByRole('link')).toHaveLength(3);
    expect(document.body.textContent).not.toContain('file_name');
    expect(within(summary).getByRole('link', { name: RECOMMENDATION_MESSAGES.relationship })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: RECOMMENDATION_MESSAGES.knownSince })).toBeInTheDocument();
    expect(screen.getByLabelText('Your letter')).toHaveAccessibleDescription(/Upload your letter before submitting\./);
    expect(screen.getByLabelText('Year you first met the applicant')).toHaveAccessibleDescription(/Enter the year you first met the applicant/);
    await userEvent.click(within(summary).getByRole('link', { name: RECOMMENDATION_MESSAGES.relationship }));
    expect(screen.getByLabelText('How do you know the applicant?')).toHaveFocus();
    expect(fetch.mock.calls.some(([url]) => url.includes('submit'))).toBe(false);
  });

  it('takes an ordinary long file name (up to 255 characters), and refuses a longer one in words', async () => {
    const fetch = serve({ 'GET /public/recommendation': () => json(view()), ...uploadRoutes([{ status: 'IN_PROGRESS' }]) });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Your letter'), letter(`${'x'.repeat(252)}.pdf`));
    expect(screen.getByLabelText('Your letter')).toHaveAccessibleDescription(/The name of your file is too long/);
    await userEvent.upload(screen.getByLabelText('Your letter'), letter('Recommendation_Ottoline_Brackwater_2026.pdf'));
    expect(await screen.findByText(/Converting Recommendation_Ottoline_Brackwater_2026\.pdf to PDF/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url.includes('presigned'))).toBe(true);
  });

  it('refuses a file the form would refuse, with the form’s words, before any upload', async () => {
    const fetch = serve({ 'GET /public/recommendation': () => json(view()) });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Your letter'), letter('letter.pdf', 2 * 1024 * 1024));
    expect(screen.getByLabelText('Your letter')).toHaveAccessibleDescription(new RegExp(FILE_MESSAGES.tooLarge.replace(/\./g, '\\.')));
    expect(fetch.mock.calls.some(([url]) => url.includes('presigned'))).toBe(false);
  });

  it('uploads the letter, follows its conversion, then submits it with the details and confirms', async () => {
    const fetch = serve({
      'GET /public/recommendation': () => json(view()),
      ...uploadRoutes([{ status: 'NOT_ANSWERED' }, { status: 'IN_PROGRESS' }, { status: 'COMPLETED' }]),
      'POST /public/recommendation/submit': () => json({ message: 'Thank you.' }),
    });
    renderPage();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout'] });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.upload(await screen.findByLabelText('Your letter'), letter());
    expect(await screen.findByText(/Converting letter\.pdf to PDF/)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await screen.findByText(/is uploaded and ready/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('How do you know the applicant?'), 'AP Chemistry teacher');
    await user.type(screen.getByLabelText('Year you first met the applicant'), '2024');
    await user.type(screen.getByLabelText(/Comments for the admissions office/), 'A fine student.');
    await user.click(screen.getByRole('button', { name: 'Submit the recommendation' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Thank you: your letter has been submitted' });
    await waitFor(() => expect(heading).toHaveFocus());
    // Done: the introduction to the upload has nothing more to say.
    expect(document.querySelector('.recommend__intro')).toBeNull();
    const submitted = fetch.mock.calls.find(([url]) => url === '/public/recommendation/submit');
    expect(sentJson(submitted?.[1])).toEqual({
      token: TOKEN,
      file_key: 'recommendations/r1/letter.pdf',
      file_name: 'letter.pdf',
      relationship: 'AP Chemistry teacher',
      known_since: '2024',
      comments: 'A fine student.',
    });
    const bucket = fetch.mock.calls.find(([url]) => url === BUCKET);
    expect((bucket?.[1]?.body as FormData).get('key')).toBe('recommendations/r1/letter.pdf');
  });

  it('says why a conversion failed, and the letter can be chosen again', async () => {
    serve({
      'GET /public/recommendation': () => json(view()),
      ...uploadRoutes([{ status: 'FAILED', message: 'This PDF is protected by a password: save it without one.' }]),
    });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Your letter'), letter());
    await waitFor(() => expect(screen.getByLabelText('Your letter')).toHaveAccessibleDescription(/This PDF is protected by a password/));
    expect(screen.getByLabelText('Your letter')).toBeEnabled();
  });

  it('shows the server’s refusal of a submit in words', async () => {
    serve({
      'GET /public/recommendation': () => json(view()),
      ...uploadRoutes([{ status: 'COMPLETED' }]),
      'POST /public/recommendation/submit': () => json({ message: 'This recommendation has already been submitted.' }, 409),
    });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Your letter'), letter());
    await screen.findByText(/is uploaded and ready/);
    await userEvent.type(screen.getByLabelText('How do you know the applicant?'), 'Counselor');
    await userEvent.type(screen.getByLabelText('Year you first met the applicant'), '2023');
    await userEvent.click(screen.getByRole('button', { name: 'Submit the recommendation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This recommendation has already been submitted.');
  });

  it('declines with an optional reason and confirms', async () => {
    const fetch = serve({
      'GET /public/recommendation': () => json(view({ role: 'counselor' })),
      'POST /public/recommendation/decline': () => json({ message: 'Declined.' }),
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Why are you declining\?/), 'I am on leave this term.');
    await userEvent.click(screen.getByRole('button', { name: 'Decline the request' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'You have declined this request' });
    await waitFor(() => expect(heading).toHaveFocus());
    const declined = fetch.mock.calls.find(([url]) => url === '/public/recommendation/decline');
    expect(sentJson(declined?.[1])).toEqual({ token: TOKEN, reason: 'I am on leave this term.' });
  });

  it('a link opened again after its letter was submitted shows the confirmation, not the form', async () => {
    serve({ 'GET /public/recommendation': () => json(view({ status: 'submitted' })) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you: your letter has been submitted' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
