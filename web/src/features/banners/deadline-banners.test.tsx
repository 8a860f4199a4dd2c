/**
 * The deadline banners on the page: the sample's timetable read on the browser's clock (faked
 * here), urgent ones in the alert style, the reader's own time when their zone differs, and the
 * office's announcements after them.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client';
import { fakeFetch } from '#web/test/fetch';
import { DeadlineBanners } from './Banners';

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
      <DeadlineBanners now={new Date(iso)} />
    </QueryClientProvider>,
  );
  return [...container.querySelectorAll('p.deadline')].map((p) => `${p.classList.contains('deadline--urgent') ? '[urgent] ' : ''}${p.textContent}`);
}

afterEach(() => {
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
});
