import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationsReply } from '#form/wire/responses';
import { NextApplication } from '#web/components/NextApplication';
import { createQueryClient } from '#web/lib/query-client';
import { paths } from '#web/lib/routes';
import { updateSnapshot } from '#web/lib/session';
import { expectNoAxeViolations } from '#web/test/axe';
import { fakeFetch } from '#web/test/fetch';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const LAST_YEAR = { cycle: 'last', label: '2026–27', active: true, submitted_at: '2027-01-10T12:00:00.000Z', reference: 'K7M2Q9XH' };

/** Answers GET /api/applications with `list` and POST /api/applications with `started`; counts the starts. */
function serve(list: ApplicationsReply, started: () => Response) {
  const starts: string[] = [];
  vi.stubGlobal(
    'fetch',
    fakeFetch((url, init) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      if (key === 'GET /api/applications') return json(list);
      if (key === 'POST /api/applications') {
        starts.push(key);
        return started();
      }
      return json({ message: `unexpected ${key}` }, 404);
    }),
  );
  return starts;
}

function renderStatusPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/status']}>
        <Routes>
          <Route
            path="/status"
            element={
              <main>
                <h1>Application received</h1>
                <NextApplication />
              </main>
            }
          />
          <Route path={paths.about} element={<h1>the new application's first page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('“Start your <cycle> application” on the status page', () => {
  beforeEach(() => updateSnapshot({ is_logged_in: true, is_service_user: false }));
  afterEach(() => {
    vi.unstubAllGlobals();
    updateSnapshot({ is_logged_in: false });
  });

  it('offers the new cycle with a real button, starts it, and opens the new application', async () => {
    const starts = serve({ applications: [LAST_YEAR], start: { cycle: 'this', label: '2027–28' } }, () =>
      json({ message: 'Your 2027–28 application is started.', cycle: 'this', label: '2027–28' }),
    );
    renderStatusPage();
    const region = await screen.findByRole('region', { name: 'Applying for 2027–28' });
    expect(region).toHaveTextContent('Your 2026–27 application stays here as it is.');
    await expectNoAxeViolations('the offer to apply again');
    await userEvent.click(screen.getByRole('button', { name: 'Start your 2027–28 application' }));
    expect(await screen.findByRole('heading', { name: "the new application's first page" })).toBeInTheDocument();
    expect(starts).toEqual(['POST /api/applications']);
  });

  it('tells a refusal in the error summary, which takes focus, and stays on the status page', async () => {
    serve({ applications: [LAST_YEAR], start: { cycle: 'this', label: '2027–28' } }, () =>
      json({ message: 'Your 2027–28 application is started already.' }, 409),
    );
    renderStatusPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start your 2027–28 application' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('There is a problem');
    expect(summary).toHaveTextContent('Your 2027–28 application is started already.');
    expect(summary).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Application received' })).toBeInTheDocument();
  });

  it('offers nothing while no new cycle can be started', async () => {
    serve({ applications: [LAST_YEAR], start: null }, () => json({}, 500));
    renderStatusPage();
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
