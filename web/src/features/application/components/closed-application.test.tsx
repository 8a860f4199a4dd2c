/**
 * An application whose cycle has closed (issue 37): the page says so in the server's words, every
 * answer stays in view but disabled, and the page-to-page buttons become links that save nothing.
 * The tests run on a timetable computed from today (test/support/test-timetable.ts): its current
 * cycle closes at its one round's deadline, and the next opens months later.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closedWindow, pageWindowWording, windowInWords } from '#form/application-window';
import { messages as english } from '#form/i18n/compiled/en';
import { messages as formEnglish } from '#form/i18n/compiled/form/en';
import { timetable } from '#form/institution-cycles';
import { roundLastAccepted } from '#form/timetable';
import { activateLoaded, chooseLanguage, loadPart, translate } from '#web/lib/i18n';
import { updateSnapshot } from '#web/lib/session';
import { expectNoAxeViolations } from '#web/test/axe';
import { fakeFetch } from '#web/test/fetch';
import { renderRoutes } from '#web/test/render-app';
import { FormRuntimeContext } from './form-runtime';
import { FormPage } from './FormPage';
import { testRuntime } from './test-runtime';

/** The window's words in English, as the page says them (and the server). */
const closedForWriting = (t: typeof timetable, now: Date) => {
  const closed = closedWindow(t, now);
  return closed && windowInWords(closed, t.timeZone, pageWindowWording({ say: translate, language: 'en', label: (words) => words }));
};

const lastRound = timetable.cycles[0]!.rounds.at(-1)!;
const closedAt = roundLastAccepted(lastRound, timetable.timeZone);

function showFinalSteps(now: Date) {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  renderRoutes(
    [
      {
        path: '/final-steps',
        element: (
          // In the app's main landmark, as the layout puts it.
          <main>
            <FormRuntimeContext.Provider value={testRuntime()}>
              <FormPage id="final-steps" />
            </FormRuntimeContext.Provider>
          </main>
        ),
      },
    ],
    ['/final-steps'],
  );
}

afterEach(() => {
  // English again, with the form's part, as the tests start (web/src/test/setup.ts).
  act(() => activateLoaded('en', { ...english, ...formEnglish }));
  vi.useRealTimers();
  vi.unstubAllGlobals();
  updateSnapshot({ is_logged_in: false });
});

describe('the form once its cycle has closed', () => {
  it('says why in the server’s words, keeps the answers in view disabled, and offers links instead of saves', async () => {
    const now = new Date(closedAt.getTime() + 86_400_000);
    showFinalSteps(now);
    const words = closedForWriting(timetable, now)!;
    expect(words).toMatch(/application closed on .+ can no longer be changed or submitted/);
    expect(await screen.findByRole('status')).toHaveTextContent(words);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Back: / })).toBeInTheDocument();
    await expectNoAxeViolations('a closed application’s Final Steps');
  });

  it('says why in Spanish when Español is chosen, the day of closing as Spanish writes it', async () => {
    // A form page loads the form's part of the catalog, where the window's words are.
    await act(() => loadPart('form'));
    await act(() => chooseLanguage('es'));
    const now = new Date(closedAt.getTime() + 86_400_000);
    showFinalSteps(now);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      /^La solicitud .+ se cerró el \d+ de [a-z]+ de \d{4} a las 23:59 .+ Sus respuestas se conservan, pero ya no se pueden modificar ni enviar\./,
    );
    expect(status.textContent).not.toMatch(/application|closed|January|February|March|April|May|June|July|August|September|October|November|December/);
  });

  it('is the ordinary form while the cycle is open', async () => {
    showFinalSteps(new Date(closedAt.getTime() - 86_400_000));
    expect(await screen.findByRole('button', { name: 'Submit application' })).toBeEnabled();
    expect(screen.queryByText(/can no longer be changed/)).not.toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeEnabled();
  });

  it('closes last cycle’s application, never submitted, once the next cycle is open, and offers the next one (issue 37)', async () => {
    const next = timetable.cycles[1]!;
    const current = timetable.cycles[0]!;
    updateSnapshot({ is_logged_in: true, is_service_user: false });
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) =>
        url === '/api/applications'
          ? new Response(
              JSON.stringify({
                applications: [{ cycle: current.id, label: current.label, active: true, submitted_at: null, reference: null }],
                start: { cycle: next.id, label: next.label },
              }),
            )
          : new Response('{}', { status: 404 }),
      ),
    );
    const now = new Date(Date.parse(`${next.opens}T12:00:00Z`) + 86_400_000);
    expect(closedForWriting(timetable, now)).toBeUndefined();
    showFinalSteps(now);
    expect(await screen.findByRole('status')).toHaveTextContent(`Start your ${next.label} application to apply again.`);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(await screen.findByRole('button', { name: `Start your ${next.label} application` })).toBeEnabled();
    await expectNoAxeViolations('last cycle’s closed application with the offer of the next');
  });
});
