import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setUnauthorizedHandler, UnauthorizedError } from './api-client';
import { GENERIC_ERROR_MESSAGE, SESSION_INVALID_MESSAGE } from './messages';
import { deriveWebStatus } from './session';
import { fakeFetch } from '../test/fetch';

function respond(status: number, body: string) {
  vi.stubGlobal('fetch', fakeFetch(() => new Response(body, { status })));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

describe('API client error catalogue', () => {
  it('sends JSON with the JSON content type', async () => {
    const fetchMock = fakeFetch(() => new Response('{"message":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.put('/api/answer', { first_name: 'Ada' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('PUT');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"first_name":"Ada"}');
  });

  it('turns a response that is not JSON into the generic server error', async () => {
    respond(200, '<html>gateway</html>');
    await expect(api.get('/api/profile')).rejects.toMatchObject({ message: GENERIC_ERROR_MESSAGE });
  });

  it('uses the message field of a failed response', async () => {
    respond(409, JSON.stringify({ message: 'Your application has already been submitted.' }));
    await expect(api.put('/api/answer', {})).rejects.toMatchObject({ status: 409, message: 'Your application has already been submitted.' });
  });

  it('falls back to the generic text when the message is not a string', async () => {
    respond(500, JSON.stringify({ message: { nested: true } }));
    await expect(api.get('/api/tabs')).rejects.toMatchObject({ message: GENERIC_ERROR_MESSAGE });
  });

  it('keeps the per-field problems of a refused submission', async () => {
    respond(422, JSON.stringify({ message: 'x', problems: { first_name: ['First Name'] } }));
    const error = (await api.post('/api/submit').catch((e: unknown) => e)) as ApiError;
    expect(error.problems).toEqual({ first_name: ['First Name'] });
  });

  it('reports a 401 on an applicant route as a lost session, once', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(401, JSON.stringify({ message: 'whatever' }));
    const error = await api.get('/api/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toBe(SESSION_INVALID_MESSAGE);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 from the login card as the card’s error, not a lost session', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(401, JSON.stringify({ message: 'Incorrect username or password.' }));
    const error = await api.post('/public/login', {}).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toBe('Incorrect username or password.');
    expect(handler).not.toHaveBeenCalled();
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
