import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes, type RouteDef } from '#lambdas/routes';
import { loadOrCreateSigningKey, signJwt, type SigningKey } from '#local/identity/keys';
import { ApiClient, registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const GENERIC = "We've encountered an unexpected error at this time. Please try again later.";

const concretePath = (route: RouteDef) => route.path.replace('{key}', 'hs_transcript');
const applicantRoutes = routes.filter((r) => r.access === 'applicant');
// Staff routes with a staff session: staff-hostile-input.test.ts.
// Machine routes with a machine's token: sis-auth.test.ts.
const bodyRoutes = routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.access !== 'staff' && r.access !== 'machine');

async function raw(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(baseUrl + path, { method, headers: init.headers ?? {}, body: init.body ?? null });
  const text = await res.text();
  let body: { message?: unknown } | undefined;
  try {
    body = JSON.parse(text) as { message?: unknown };
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text, type: res.headers.get('content-type') ?? '' };
}

function expectClearRefusal(res: Awaited<ReturnType<typeof raw>>, statuses: number[]) {
  expect(statuses).toContain(res.status);
  expect(res.type).toMatch(/application\/json/);
  expect(typeof res.body?.message).toBe('string');
  expect(res.text).not.toMatch(/at .*\.ts:\d+|Error:|stack/i);
}

describe('every applicant route refuses callers without a valid session', () => {
  const key = loadOrCreateSigningKey(dataDir);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreignKey: SigningKey = { ...key, privateKey };
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: 'someone',
    username: 'someone@example.edu',
    token_use: 'access',
    client_id: 'localclient',
    iss: `${baseUrl}/_local-idp`,
    iat: now,
    exp: now + 600,
  };
  const cookie = (token: string) => `CognitoIdentityServiceProvider.localclient.accessToken=${token}`;
  const cases: Array<[string, Record<string, string>]> = [
    ['no cookie', {}],
    ['a garbage token', { cookie: cookie('not.a.jwt') }],
    ['a token signed with another key', { cookie: cookie(signJwt(foreignKey, claims)) }],
    ['an expired token', { cookie: cookie(signJwt(key, { ...claims, iat: now - 7200, exp: now - 3600 })) }],
    ['a token for another client', { cookie: cookie(signJwt(key, { ...claims, client_id: 'otherclient' })) }],
    ['a token from another issuer', { cookie: cookie(signJwt(key, { ...claims, iss: 'https://evil.example/' })) }],
    ['an id token instead of an access token', { cookie: cookie(signJwt(key, { ...claims, token_use: 'id' })) }],
    [
      'a token with its payload altered',
      {
        cookie: cookie(
          signJwt(key, claims).replace(
            /\.([^.]+)\./,
            (_m, p: string) =>
              `.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'victim' })).toString('base64url')}.`,
          ),
        ),
      },
    ],
  ];
  for (const route of applicantRoutes) {
    it.each(cases)(`${route.method} ${route.path} with %s → 401`, async (_name, headers) => {
      const res = await raw(route.method, concretePath(route), {
        headers: { ...headers, 'content-type': 'application/json' },
        ...(route.method === 'POST' || route.method === 'PUT' ? { body: '{}' } : {}),
      });
      expectClearRefusal(res, [401]);
    });
  }
});

describe('every route with a body refuses malformed input with a clear 4xx and stores nothing', () => {
  // One applicant for every route: each compares her profile before and after its own requests.
  let applicant: Awaited<ReturnType<typeof registeredApplicant>>;
  beforeAll(async () => {
    applicant = await registeredApplicant(baseUrl);
  });
  for (const route of bodyRoutes) {
    it(`${route.method} ${route.path}`, async () => {
      const headers = { cookie: applicant.cookieHeader, 'content-type': 'application/json' };
      const path = concretePath(route);
      const before = (await applicant.get('/api/profile')).body;

      expectClearRefusal(await raw(route.method, path, { headers, body: '{"unterminated": ' }), [400, 404]);
      expectClearRefusal(await raw(route.method, path, { headers, body: '[1,2,3]' }), [400, 404]);
      expectClearRefusal(await raw(route.method, path, { headers, body: '"a string"' }), [400, 404]);
      expectClearRefusal(await raw(route.method, path, { headers, body: JSON.stringify({ unknown_field_xyz: 1 }) }), [400, 404]);
      expectClearRefusal(
        await raw(route.method, path, { headers, body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}' }),
        [400, 404],
      );
      expectClearRefusal(await raw(route.method, path, { headers, body: '['.repeat(5000) + ']'.repeat(5000) }), [400, 404]);
      expectClearRefusal(await raw(route.method, path, { headers, body: JSON.stringify({ x: 'a'.repeat(1024 * 1024) }) }), [413]);
      // The one-click unsubscribe reads RFC 8058's form body (issue 40): another body is a 400 in words (no One-Click), not a 415.
      const wrongType = route.name === 'unsubscribe' ? [400, 415] : [415];
      expectClearRefusal(await raw(route.method, path, { headers: { ...headers, 'content-type': 'text/plain' }, body: '{}' }), wrongType);
      // Only JSON in UTF-8: not a look-alike type, not another charset (whose bytes would be misread).
      expectClearRefusal(await raw(route.method, path, { headers: { ...headers, 'content-type': 'application/json-patch+json' }, body: '{}' }), wrongType);
      expectClearRefusal(
        await raw(route.method, path, { headers: { ...headers, 'content-type': 'application/json; charset=iso-8859-1' }, body: '{}' }),
        wrongType,
      );
      expectClearRefusal(
        await raw(route.method, path, { headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=a%40b.c' }),
        wrongType,
      );

      expect((await applicant.get('/api/profile')).body).toEqual(before);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  }
});

describe('wrong types and values', () => {
  it('refuses answers that are not text, unknown questions and over-long answers', async () => {
    const a = await registeredApplicant(baseUrl);
    for (const body of [
      { first_name: 42 },
      { first_name: ['x'] },
      { first_name: null },
      { no_such_question: 'x' },
      { first_name: 'x'.repeat(8000) },
      // Control characters and half a surrogate pair are no typed text.
      { suffix: '\u0000\u001b[31m' },
      { preferred_name: 'x\ud800y' },
    ]) {
      const res = await a.put('/api/answer', body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await a.get('/api/profile')).body.answer).toEqual({});
  });

  it('refuses unknown tabs, unknown add-another buttons and counts outside 1..max', async () => {
    const a = await registeredApplicant(baseUrl);
    for (const body of [{ tab_id: 'nope', chosen_tab: 'upload' }, { tab_id: 'transcript_source', chosen_tab: 'nope' }, { tab_id: 'transcript_source' }]) {
      expect((await a.put('/api/tabs', body)).status).toBe(400);
    }
    for (const body of [
      { button_id: 'nope', num_components: 2 },
      { button_id: 'activities', num_components: 0 },
      { button_id: 'activities', num_components: 11 },
      { button_id: 'activities', num_components: 1.5 },
      { button_id: 'activities', num_components: '2' },
    ]) {
      expect((await a.put('/api/add-another', body)).status).toBe(400);
    }
    expect((await a.get('/api/tabs')).body).toEqual({});
    expect((await a.get('/api/add-another')).body).toEqual({});
  });

  it('refuses an unknown last page and an unknown web status', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/last-page', { last_page: 'https://evil.example' })).status).toBe(400);
    expect((await a.post('/api/web-status', { web_status: 'approved' })).status).toBe(400);
    const profile = (await a.get('/api/profile')).body;
    expect(profile.last_page).toBeNull();
    expect(profile.web_status).toEqual([]);
  });

  it('answers unknown API paths and wrong methods with JSON 404 and 405, never the web page', async () => {
    expectClearRefusal(await raw('GET', '/api/does-not-exist'), [404]);
    expectClearRefusal(await raw('DELETE', '/api/profile'), [405]);
  });

  it('never answers with a 5xx or a stack trace', async () => {
    const res = await raw('GET', '/api/profile', { headers: { cookie: 'CognitoIdentityServiceProvider.localclient.accessToken=%E0%A4%A' } });
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toContain(GENERIC);
  });
});

describe('temporary and service tokens', () => {
  it('refuses missing, malformed and unknown tokens', async () => {
    expectClearRefusal(await raw('GET', '/service/tmp-pdf'), [401]);
    expectClearRefusal(await raw('GET', '/service/tmp-pdf?service_token=abc'), [401]);
    expectClearRefusal(await raw('GET', `/service/tmp-pdf?service_token=${'a'.repeat(43)}`), [401]);
    expectClearRefusal(await raw('GET', '/public/tmp'), [400]);
    expectClearRefusal(await raw('GET', `/public/tmp?token=${'b'.repeat(43)}`), [404]);
  });

  it('does not accept an applicant session on the service route', async () => {
    const a = await registeredApplicant(baseUrl);
    const res = await a.get('/service/tmp-pdf');
    expect(res.status).toBe(401);
  });

  it('does not accept a service token as an applicant session', async () => {
    const res = await new ApiClient(baseUrl).get(`/api/profile?service_token=${'c'.repeat(43)}`);
    expect(res.status).toBe(401);
  });
});
