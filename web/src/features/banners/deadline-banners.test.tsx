/**
 * The deadline banners on the page: the sample's timetable (written here: the tests run on one
 * computed from today, test/support/test-timetable.ts) read on the browser's clock (faked here),
 * urgent ones in the alert style, the reader's own time when their zone differs, and the office's
 * announcements after them.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Timetable } from '#form/institution-cycles';
import { chooseLanguage } from '#web/lib/i18n';
import { createQueryClient } from '#web/lib/query-client';
import { fakeFetch } from '#web/test/fetch';
import { DeadlineBanners } from './Banners';

/** The sample's first cycle (institutions/example-state/institution.yaml). */
const SAMPLE: Timetable = {
  timeZone: 'America/Chicago',
  cycles: [
    {
      id: '2027',
      label: '2026–27',
      opens: '2026-08-01',
      entryTerms: ['2027FA', '2028SP'],
      rounds: [
        { id: 'ea', label: 'Early Action', deadline: '2026-11-01', lateDays: 3, decisionDate: '2026-12-15', replyBy: '2027-05-01' },
        { id: 'ed', label: 'Early Decision', deadline: '2026-11-15', binding: true, decisionDate: '2026-12-15', replyBy: '2027-01-15' },
        { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', lateDays: 7, decisionDate: '2027-03-15', replyBy: '2027-05-01' },
        { id: 'rolling', label: 'Rolling Admission', deadline: '2027-07-15', decisionDate: '2027-07-31', replyBy: '2027-08-15' },
      ],
    },
  ],
};

function showAt(iso: string, browserZone: string) {
  vi.useFakeTimers({ now: new Date(iso), toFake: ['Date'] });
  // The browser's zone, as the page reads it (Intl's default options).
  const resolved = new Intl.DateTimeFormat().resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...resolved, timeZone: browserZone });
  vi.stubGlobal(
    'fetch',
    fakeFetch(() => new Response(JSON.stringify({ message: 'Not here.' }), { status: 404 })),
  );
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <DeadlineBanners now={new Date(iso)} schedule={SAMPLE} />
    </QueryClientProvider>,
  );
  return [...container.querySelectorAll('p.deadline')].map((p) => `${p.classList.contains('deadline--urgent') ? '[urgent] ' : ''}${p.textContent}`);
}

afterEach(async () => {
  await act(() => chooseLanguage('en'));
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the sample's deadline banners", () => {
  it('say on the deadline day that the round closes tonight, urgent, then the next round', () => {
    expect(showAt('2027-01-15T18:00:00Z', 'America/Chicago')).toEqual([
      '[urgent] Regular Decision closes tonight at 11:59 pm Central Time',
      'Rolling Admission: apply by July 15',
    ]);
  });

  it("give the reader's own time when their browser is on another clock", () => {
    expect(showAt('2027-01-15T18:00:00Z', 'Europe/Paris')[0]).toBe(
      '[urgent] Regular Decision closes tonight at 11:59 pm Central Time (6:59 am on January 16 your time)',
    );
  });

  it("come before the office's announcements of the day", () => {
    expect(showAt('2027-03-01T18:00:00Z', 'America/Chicago')).toEqual([
      'Rolling Admission: apply by July 15',
      'Visit us: campus open days every Saturday in March',
    ]);
  });

  it('are in Spanish when Español is chosen, dates as Spanish writes them, the round as the institution wrote it, marked English', async () => {
    await act(() => chooseLanguage('es'));
    expect(showAt('2027-01-15T18:00:00Z', 'Europe/Paris')).toEqual([
      '[urgent] Regular Decision cierra esta noche a las 23:59 hora central (16 de enero a las 6:59 en su hora local)',
      'Rolling Admission: presente su solicitud a más tardar el 15 de julio a las 23:59 hora central (16 de julio a las 6:59 en su hora local)',
    ]);
    // The sample's texts give the rounds' labels no Spanish: shown as written, in an element that says they are English.
    const label = [...document.querySelectorAll('p.deadline span[lang]')].map((span) => [span.getAttribute('lang'), span.textContent]);
    expect(label).toEqual([
      ['en', 'Regular Decision'],
      ['en', 'Rolling Admission'],
    ]);
  });

  it('are in Arabic, right to left, with no English word outside the rounds’ labels', async () => {
    await act(() => chooseLanguage('ar'));
    const [first] = showAt('2027-01-15T18:00:00Z', 'America/Chicago');
    expect(first).toMatch(/^\[urgent\] يُغلق باب Regular Decision الليلة في .+ التوقيت المركزي لأمريكا الشمالية$/);
    expect(document.documentElement.dir).toBe('rtl');
    const banner = document.querySelector('p.deadline')!.cloneNode(true) as Element;
    banner.querySelectorAll('[lang="en"]').forEach((span) => span.remove());
    expect(banner.textContent).not.toMatch(/[A-Za-z]/);
  });

  it("hold their room unseen in a prerendered page (no clock yet): the render day's banners for a reader on the institution's clock, hidden from sight and from screen readers", () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => new Response(JSON.stringify({ message: 'Not here.' }), { status: 404 })),
    );
    // As the build renders a page (and React hydrates it): the clock's server snapshot, none.
    const html = renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <DeadlineBanners now={new Date('2027-01-15T12:00:00')} schedule={SAMPLE} />
      </QueryClientProvider>,
    );
    expect(html).toBe(
      '<p class="deadline deadline--reserved deadline--urgent" aria-hidden="true">Regular Decision closes tonight at 11:59 pm Central Time</p>' +
        '<p class="deadline deadline--reserved" aria-hidden="true">Rolling Admission: apply by July 15</p>',
    );
  });
});
