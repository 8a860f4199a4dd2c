import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffEndpoints } from '#form/wire/staff-endpoints';
import { fakeFetch } from '../test/fetch';
import { ApiError, call, keepSessionAlive, KEEP_ALIVE_AFTER_MS, registerEndpoints, setUnauthorizedHandler, UnauthorizedError, urlOf } from './api-client';
import { genericErrorMessage, sessionInvalidMessage } from './messages';
import { deriveWebStatus } from './session';

// The office's routes, as the console registers them when it loads (features/staff/api/endpoints.ts).
registerEndpoints(staffEndpoints);

function respond(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    fakeFetch(() => new Response(body, { status })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

describe('API client error catalogue', () => {
  it('sends JSON with the JSON content type', async () => {
    const fetchMock = fakeFetch(() => new Response('{"message":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await call('saveAnswers', { body: { first_name: 'Ada' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/answer');
    expect(init.method).toBe('PUT');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"first_name":"Ada"}');
  });

  it('turns a response that is not JSON into the generic server error', async () => {
    respond(200, '<html>gateway</html>');
    await expect(call('readProfile')).rejects.toMatchObject({ message: genericErrorMessage() });
  });

  it('uses the message field of a failed response', async () => {
    respond(409, JSON.stringify({ message: 'Your application has already been submitted.' }));
    await expect(call('saveAnswers', { body: {} })).rejects.toMatchObject({ status: 409, message: 'Your application has already been submitted.' });
  });

  it('falls back to the generic text when the message is not a string', async () => {
    respond(500, JSON.stringify({ message: { nested: true } }));
    await expect(call('readTabs')).rejects.toMatchObject({ message: genericErrorMessage() });
  });

  it('keeps the per-field problems of a refused submission', async () => {
    respond(422, JSON.stringify({ message: 'x', problems: { first_name: ['First Name'] } }));
    const error = (await call('submitApplication').catch((e: unknown) => e)) as ApiError;
    expect(error.problems).toEqual({ first_name: ['First Name'] });
  });

  it('reports a 401 on an applicant route as a lost session, once', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(401, JSON.stringify({ message: 'whatever' }));
    const error = await call('readProfile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toBe(sessionInvalidMessage());
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 from the login card as the card’s error, not a lost session', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(401, JSON.stringify({ message: 'Incorrect username or password.' }));
    const error = await call('logIn', { body: { username: 'a@example.edu', password: 'x' } }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toBe('Incorrect username or password.');
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('addresses from the contract', () => {
  it('fills path parameters from typed arguments and leaves out empty query values', () => {
    expect(urlOf('deleteDocument', { path: { key: 'hs transcript/x' } })).toBe('/api/document-answer/hs%20transcript%2Fx');
    expect(urlOf('readApplicationPdf', { query: { retry: '1' } })).toBe('/api/pdf?retry=1');
    expect(urlOf('listApplications', { query: { term: '2027FA', q: '' } })).toBe('/staff/api/applications?term=2027FA');
    expect(urlOf('readProfile')).toBe('/api/profile');
  });
});

/** A fetch that answers by method and path from a script: each path's replies in turn, the last one repeated. */
function scripted(replies: Record<string, Array<[number, unknown]>>) {
  const seen: Record<string, number> = {};
  return fakeFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const list = replies[key];
    if (!list) throw new Error(`unexpected ${key}`);
    const i = Math.min(seen[key] ?? 0, list.length - 1);
    seen[key] = (seen[key] ?? 0) + 1;
    const [status, body] = list[i]!;
    return new Response(JSON.stringify(body), { status });
  });
}
const calls = (fetchMock: ReturnType<typeof fakeFetch>) => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);

describe('an expired session is refreshed once before it counts as lost', () => {
  it('refreshes the applicant session on a 401 from /api and repeats the call once', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const fetchMock = scripted({
      'GET /api/profile': [
        [401, { message: 'expired' }],
        [200, { username: 'ada' }],
      ],
      'POST /public/refresh': [[200, {}]],
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(call('readProfile')).resolves.toEqual({ username: 'ada' });
    expect(calls(fetchMock)).toEqual(['GET /api/profile', 'POST /public/refresh', 'GET /api/profile']);
    expect(handler).not.toHaveBeenCalled();
  });

  it('sends the refresh without a body and repeats the original body', async () => {
    const fetchMock = scripted({
      'PUT /api/answer': [
        [401, {}],
        [200, { message: 'saved' }],
      ],
      'POST /public/refresh': [[200, {}]],
    });
    vi.stubGlobal('fetch', fetchMock);
    await call('saveAnswers', { body: { first_name: 'Ada' } });
    const inits = fetchMock.mock.calls.map(([, init]) => init?.body);
    expect(inits).toEqual(['{"first_name":"Ada"}', undefined, '{"first_name":"Ada"}']);
  });

  it('treats the session as lost when the refresh is refused, without repeating the call', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const fetchMock = scripted({ 'GET /api/tabs': [[401, {}]], 'POST /public/refresh': [[401, { message: 'Your session is invalid.' }]] });
    vi.stubGlobal('fetch', fetchMock);
    await expect(call('readTabs')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(calls(fetchMock)).toEqual(['GET /api/tabs', 'POST /public/refresh']);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('treats the session as lost when the repeated call is refused again (no second refresh)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const fetchMock = scripted({ 'GET /api/tabs': [[401, {}]], 'POST /public/refresh': [[200, {}]] });
    vi.stubGlobal('fetch', fetchMock);
    await expect(call('readTabs')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(calls(fetchMock)).toEqual(['GET /api/tabs', 'POST /public/refresh', 'GET /api/tabs']);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const fetchMock = scripted({
      'GET /api/tabs': [
        [401, {}],
        [200, { transcript_source: 'upload' }],
      ],
      'GET /api/add-another': [
        [401, {}],
        [200, { activities: 2 }],
      ],
      'POST /public/refresh': [[200, {}]],
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(Promise.all([call('readTabs'), call('readAddAnother')])).resolves.toEqual([{ transcript_source: 'upload' }, { activities: 2 }]);
    expect(calls(fetchMock).filter((c) => c === 'POST /public/refresh')).toHaveLength(1);
  });

  it("refreshes a staff session through the staff route, and a failed refresh is the console's 401", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const fetchMock = scripted({
      'GET /staff/api/session': [
        [401, {}],
        [200, { email: 'staff@example.edu' }],
      ],
      'POST /staff/api/refresh': [[200, {}]],
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(call('readStaffSession')).resolves.toEqual({ email: 'staff@example.edu' });
    expect(calls(fetchMock)).toEqual(['GET /staff/api/session', 'POST /staff/api/refresh', 'GET /staff/api/session']);

    vi.stubGlobal('fetch', scripted({ 'GET /staff/api/audit': [[401, { message: 'Signed out.' }]], 'POST /staff/api/refresh': [[401, { message: 'no' }]] }));
    const error = await call('readAudit').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Signed out.' });
    expect(error).not.toBeInstanceOf(UnauthorizedError);
    expect(handler).not.toHaveBeenCalled();
  });

  it('never refreshes for public routes, the staff sign-in or the service view', async () => {
    const fetchMock = scripted({
      'POST /public/login': [[401, { message: 'Incorrect username or password.' }]],
      'POST /staff/api/login': [[401, { message: 'Incorrect e-mail or password.' }]],
      'GET /service/tmp-pdf?service_token=t': [[401, {}]],
    });
    vi.stubGlobal('fetch', fetchMock);
    await call('logIn', { body: { username: 'a@example.edu', password: 'x' } }).catch(() => undefined);
    await call('staffLogIn', { body: { email: 'a@example.edu', password: 'x' } }).catch(() => undefined);
    await call('readServiceView', { query: { service_token: 't' } }).catch(() => undefined);
    expect(calls(fetchMock)).toEqual(['POST /public/login', 'POST /staff/api/login', 'GET /service/tmp-pdf?service_token=t']);
  });
});

describe('web status derivation', () => {
  it.each([
    [[], null],
    [[{ web_status: 'started' }], 'started'],
    [[{ web_status: 'started' }, { web_status: 'validating' }], 'validating'],
    [[{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }], 'submitted'],
    [[{ web_status: 'started' }, { web_status: 'started' }], 'started'],
    [[{ web_status: 'bogus' }], null],
  ])('%j → %s', (entries, expected) => {
    expect(deriveWebStatus(entries)).toBe(expected);
  });
});

describe('keeping the server session alive', () => {
  it('renews the session on activity once no applicant route was called for five minutes, and not before', async () => {
    const fetchMock = fakeFetch(() => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await call('readTabs');
    const calledAt = Date.now();
    keepSessionAlive(calledAt + KEEP_ALIVE_AFTER_MS - 1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    keepSessionAlive(calledAt + KEEP_ALIVE_AFTER_MS + 1000);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect([init.method, url]).toEqual(['POST', '/public/refresh']);
    // The renewal itself counts: activity right after it sends nothing.
    keepSessionAlive(calledAt + KEEP_ALIVE_AFTER_MS + 2000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('the routes the page knows', () => {
  it('refuses, in words, a route whose half of the wire is not loaded', async () => {
    vi.resetModules();
    const fresh = await import('./api-client');
    expect(() => fresh.urlOf('listApplications')).toThrow(/listApplications is not loaded/);
    expect(fresh.urlOf('readProfile')).toBe('/api/profile');
  });
});
