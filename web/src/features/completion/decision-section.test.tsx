import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { submittedAtInWords } from '#form/print';
import type { ApplicantDecision } from '#form/wire/decisions';
import { chooseLanguage } from '#web/lib/i18n';
import { createQueryClient } from '#web/lib/query-client';
import { updateSnapshot } from '#web/lib/session';
import { expectNoAxeViolations } from '#web/test/axe';
import { fakeFetch, sentJson } from '#web/test/fetch';
import { YourDecision } from './index';

// The section's lazy chunk and several steps: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const released = (
  over: Partial<Extract<ApplicantDecision, { status: 'released' }>['reply']> = {},
  decision: 'admit' | 'waitlist' | 'deny' = 'admit',
): ApplicantDecision => ({
  status: 'released',
  decision,
  released_at: '2026-12-01T15:00:00.000Z',
  letter: {
    title: 'Your admission to Example University',
    paragraphs: ['Dear Ada,', 'Congratulations! It is our pleasure to offer you admission for Fall 2027, to study Computer Science.'],
    download_url: '/api/decision/letter/download',
  },
  reply: { options: decision === 'admit' ? ['accept', 'decline'] : decision === 'waitlist' ? ['join_waitlist', 'decline'] : [], by: '2027-05-01', ...over },
});

/** Answers GET /api/decision with `decision`, and POST /api/decision/reply with `reply` (the body sent is kept). */
function serve(decision: ApplicantDecision, reply?: (body: unknown) => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    fakeFetch((url, init) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      if (key === 'GET /api/decision') return json(decision);
      if (key === 'POST /api/decision/reply' && reply) {
        const body = sentJson(init);
        sent.push(body);
        return reply(body);
      }
      return json({ message: `unexpected ${key}` }, 404);
    }),
  );
  return sent;
}

function renderSection() {
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <main>
        <YourDecision />
      </main>
    </QueryClientProvider>,
  );
  return container;
}

describe('“Your decision” on the status page', () => {
  beforeEach(() => updateSnapshot({ is_logged_in: true, is_service_user: false }));
  afterEach(() => {
    vi.unstubAllGlobals();
    updateSnapshot({ is_logged_in: false });
  });

  it('shows nothing while the decision is pending: not a heading, not a word', async () => {
    serve({ status: 'pending' });
    const container = renderSection();
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    // Give the read time to land, then the page must still be empty.
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('main')).toBeEmptyDOMElement();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows the released letter, its PDF, and the reply: choose, confirm, then the reply and when', async () => {
    const sent = serve(released(), (body) => json(released({ chosen: (body as { reply: 'accept' }).reply, replied_at: '2026-12-02T18:30:00.000Z' })));
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'Your decision' });
    // Once released, the decision is the page's heading.
    expect(within(section).getByRole('heading', { level: 1 })).toHaveTextContent('Your decision');
    expect(section).toHaveTextContent(`Released on ${submittedAtInWords('2026-12-01T15:00:00.000Z')}.`);
    const letter = within(section).getByRole('article', { name: 'Your admission to Example University' });
    expect(within(letter).getByText(/^Congratulations!/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Download the letter (PDF)' })).toHaveAttribute('href', '/api/decision/letter/download');
    const group = within(section).getByRole('group', { name: 'How do you reply?' });
    expect(group).toHaveAccessibleDescription('Reply by May 1, 2027.');
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('.choice')?.textContent),
    ).toEqual(['Accept the offer', 'Decline']);
    await expectNoAxeViolations('a released decision');

    // Nothing chosen: the summary takes focus and leads to the choices.
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    const problem = await within(section).findByRole('alert');
    expect(problem).toHaveFocus();
    expect(problem).toHaveTextContent('Choose your reply.');
    expect(group).toHaveAccessibleDescription(/Error: ?Choose your reply\./);
    await expectNoAxeViolations('a reply not chosen');

    await user.click(within(group).getByRole('radio', { name: 'Accept the offer' }));
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(within(section).getByRole('heading', { name: 'Confirm your reply' })).toHaveFocus();
    expect(section).toHaveTextContent('You are accepting the offer of admission. You cannot change this reply.');
    await expectNoAxeViolations('the confirmation');
    // Going back changes nothing.
    await user.click(within(section).getByRole('button', { name: 'Go back' }));
    expect(within(section).getByRole('radio', { name: 'Accept the offer' })).toBeChecked();
    expect(sent).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    await user.click(within(section).getByRole('button', { name: 'Confirm: Accept the offer' }));

    const result = await within(section).findByRole('status');
    await vi.waitFor(() => expect(result).toHaveFocus());
    expect(result).toHaveTextContent(`Your reply has been sent: Accept the offer, on ${submittedAtInWords('2026-12-02T18:30:00.000Z')}.`);
    expect(sent).toEqual([{ reply: 'accept' }]);
    expect(within(section).queryByRole('radio')).toBeNull();
    await expectNoAxeViolations('the reply sent');
  });

  it('shows a reply already made, without the form', async () => {
    serve(released({ chosen: 'join_waitlist', replied_at: '2026-12-03T16:00:00.000Z' }, 'waitlist'));
    renderSection();
    const section = await screen.findByRole('region', { name: 'Your decision' });
    expect(section).toHaveTextContent(`You replied: Join the waitlist, on ${submittedAtInWords('2026-12-03T16:00:00.000Z')}.`);
    expect(within(section).queryByRole('radio')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
    await expectNoAxeViolations('a reply already made');
  });

  it.each([
    ['admit', 'The offer of admission expired: no reply was received by May 1, 2027.'],
    ['waitlist', 'The place on the waitlist you were offered expired: no reply was received by May 1, 2027.'],
  ] as const)('says that an offer nobody answered expired, and by which day, with no reply to make (%s)', async (decision, words) => {
    // As GET /api/decision answers once the daily sweep has declined it (issue 37, item 4).
    serve(released({ chosen: 'decline', replied_at: '2027-05-02T05:15:00.000Z', expired: true, next_steps: 'Your offer expired.' }, decision));
    renderSection();
    const section = await screen.findByRole('region', { name: 'Your decision' });
    const reply = within(section).getByRole('region', { name: 'Your reply' });
    expect(reply).toHaveTextContent(words);
    expect(section).not.toHaveTextContent(/You replied|Declined|Reply by/);
    expect(within(section).queryByRole('radio')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByRole('form')).toBeNull();
    // The letter stays readable.
    expect(within(section).getByRole('link', { name: /letter/i })).toBeInTheDocument();
    await expectNoAxeViolations('an offer that expired');
  });

  it('asks nothing of a decision that needs no reply', async () => {
    serve(released({}, 'deny'));
    renderSection();
    const section = await screen.findByRole('region', { name: 'Your decision' });
    expect(within(section).queryByRole('heading', { name: 'Your reply' })).toBeNull();
  });

  it('says a refused reply (409) in the product’s words, and moves focus to it', async () => {
    serve(released({}, 'waitlist'), () => json({ message: 'The reply date, May 1, 2027, has passed: replies are closed.' }, 409));
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'Your decision' });
    await user.click(within(section).getByRole('radio', { name: 'Decline' }));
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(section).toHaveTextContent('You are declining a place on the waitlist. You cannot change this reply.');
    await user.click(within(section).getByRole('button', { name: 'Confirm: Decline' }));
    const refusal = await within(section).findByRole('alert');
    await vi.waitFor(() => expect(refusal).toHaveFocus());
    expect(refusal).toHaveTextContent('Your reply was not sent. The reply date, May 1, 2027, has passed: replies are closed.');
    await expectNoAxeViolations('a refused reply');
  });

  it("shows the letter in the page's language when the institution writes it in it, else its own marked as English (issue 41)", async () => {
    const base = released();
    if (base.status !== 'released') throw new Error('released');
    const spanish = { title: '¡Felicitaciones!', paragraphs: ['Estimado(a) Ada:', 'Nos complace ofrecerle la admisión.'] };
    serve({ ...base, letter: { ...base.letter, in: { es: spanish } } });
    await chooseLanguage('es');
    try {
      const { unmount } = render(
        <QueryClientProvider client={createQueryClient()}>
          <YourDecision />
        </QueryClientProvider>,
      );
      const letter = await screen.findByRole('article', { name: '¡Felicitaciones!' });
      expect(letter).toHaveTextContent('Estimado(a) Ada:Nos complace ofrecerle la admisión.');
      expect(letter).not.toHaveAttribute('lang');
      unmount();
      await chooseLanguage('ar');
      renderSection();
      const english = await screen.findByRole('article', { name: 'Your admission to Example University' });
      expect(english).toHaveAttribute('lang', 'en');
    } finally {
      await chooseLanguage('en');
    }
  });
});
