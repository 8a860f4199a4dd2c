import { configure, render } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { afterEach, vi } from 'vitest';
import { staffEndpoints } from '#form/wire/staff-endpoints';
import { AppProvider } from '#web/app/provider';
import { createRouter } from '#web/app/router';
import { queryClient } from '#web/lib/query-client';
import { fakeFetch, sentJson } from '#web/test/fetch';

export interface Call {
  method: string;
  url: string;
  body?: unknown;
}

type Reply = { status?: number; body: unknown } | ((call: Call) => { status?: number; body: unknown });

/** The console's readable marker of a staff session, as the server sets it at sign-in (the tokens are HttpOnly). */
export const setStaffMarker = (on: boolean) => {
  document.cookie = on ? 'StaffSession.loggedIn=1; path=/' : 'StaffSession.loggedIn=; path=/; max-age=0';
};

/**
 * Mocks only the fetch boundary: each `METHOD /path` (without the query string) answers as given;
 * anything else is a 404, so an unexpected call shows in the test. Returns the calls made. The
 * browser holds a staff session's marker cookie, as after a sign-in, unless `signedOut`.
 */
export function stubStaffApi(routes: Record<string, Reply>, { signedOut = false } = {}): Call[] {
  setStaffMarker(!signedOut);
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    fakeFetch((input, init) => {
      const method = init?.method ?? 'GET';
      const call: Call = { method, url: input, body: init?.body ? sentJson(init) : undefined };
      calls.push(call);
      const path = input.split('?')[0];
      const reply = routes[`${method} ${path}`];
      const answer = typeof reply === 'function' ? reply(call) : (reply ?? { status: 404, body: { message: 'Not found.' } });
      // The server's cookies: a finished sign-in sets the marker, signing out clears it.
      if (path === staffEndpoints.staffLogIn.path && (answer.status ?? 200) === 200 && (answer.body as { email?: string }).email) setStaffMarker(true);
      if (path === staffEndpoints.staffLogOut.path) setStaffMarker(false);
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** The app's own router (so the /staff registration and its lazy chunks are what is tested) at `path`. */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const router = createRouter();
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

export const summary = {
  id: 'app-1',
  reference: 'K7Q2M9XD',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  submitted_at: '2026-11-20T14:30:00.000Z',
  entry_term_desc: 'Fall 2027',
  applied_major_desc: 'Computer Science',
  // The tests' timetable (test/support/test-timetable.ts): this cycle's one round.
  cycle: 'current',
  cycle_label: 'This cycle',
  round: 'rd',
  round_label: 'Regular Decision',
  late: false,
};

/** Another submitted application, for a list of more than one. */
export const second = { ...summary, id: 'app-2', reference: 'B3C4D5E6', name: 'Grace Hopper', email: 'grace@example.com' };

/** The session route's answer for a member of the given role. */
export const sessionOf = (role: string, email = 'ana@example.edu') => ({ 'GET /staff/api/session': { body: { email, role } } });

/** A call's query string as an object. */
export const queryOf = (call: Call | undefined) => Object.fromEntries(new URL(call?.url ?? '/', 'http://x').searchParams);

/**
 * Whole journeys through the real router and lazy chunks: more than the default 5 s on a busy
 * machine; after each, no stubbed fetch and nothing read is left for the next.
 */
export function journeys(testTimeout = 20_000): void {
  vi.setConfig({ testTimeout });
  // A screen's parts are lazy chunks: their first import in a run can take more than findBy's one
  // second, and the worker's first staff file imports the whole console (over 5 s at load 27).
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });
}
