/**
 * The attack suite: each table row is one probe with the answer the product must give.
 * It extends hostile-input, isolation, tokens and documents-isolation (which already cover
 * garbage, foreign-key, expired and altered tokens, foreign subs in every route, malformed bodies
 * and stolen file keys) with forged-token techniques, token confusion, path tricks, hostile
 * file names, presigned-POST reuse, CSRF, CORS and account enumeration.
 * Prototype-pollution probes run in attacks-prototype.test.ts (they need the server's process).
 */
import { createHmac, createPublicKey } from 'node:crypto';
import type { S3Event } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issueToken } from '#adapters/store/tokens-store';
import { handler as convert } from '#events/convert-upload';
import { setConfig } from '#lambdas/config';
import { routes, type RouteDef } from '#lambdas/routes';
import { loadOrCreateSigningKey, signJwt } from '#local/identity/keys';
import * as fixtures from '../fixtures/documents';
import { postToBucket, presign, uploadDocument } from '../fixtures/upload';
import { ApiClient, PASSWORD, registeredApplicant, uniqueEmail } from '../support/client';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const ACCESS = 'CognitoIdentityServiceProvider.localclient.accessToken';
const REFRESH = 'CognitoIdentityServiceProvider.localclient.refreshToken';
const GENERIC = "We've encountered an unexpected error at this time. Please try again later.";

type Applicant = ApiClient & { username: string };

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const concrete = (route: RouteDef, key = 'hs_transcript') => route.path.replace('{key}', key);
const hasBody = (route: RouteDef) => route.method === 'POST' || route.method === 'PUT';
const applicantRoutes = routes.filter((r) => r.access === 'applicant');

async function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const res = await fetch(baseUrl + path, { method, headers, body: body ?? null, redirect: 'manual' });
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Everything an applicant could see of their own application. */
async function snapshot(a: ApiClient) {
  const [profile, tabs, add, docs] = await Promise.all([a.get('/api/profile'), a.get('/api/tabs'), a.get('/api/add-another'), a.get('/api/document-answer')]);
  return { profile: { ...profile.body, successful_login: undefined }, tabs: tabs.body, add: add.body, docs: docs.body };
}

let ada: Applicant;
let adaSub: string;
let adaFileKey: string;
let adaBefore: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  // Tokens are seeded straight into the stack's tables, as an office tool or the renderer would.
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
  ada = await registeredApplicant(baseUrl);
  adaSub = ada.subject;
  await ada.put('/api/answer', { first_name: 'Ada', city: 'Springfield' });
  await ada.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: 'upload' });
  await ada.post('/api/web-status', { web_status: 'started' });
  adaFileKey = (await uploadDocument(ada, 'hs_transcript', await fixtures.pdf(['Ada transcript']), 'ada.pdf')).fileKey;
  adaBefore = await snapshot(ada);
});

describe('forged and confused credentials on applicant routes → 401', () => {
  const key = loadOrCreateSigningKey(dataDir);
  const now = () => Math.floor(Date.now() / 1000);
  const claimsFor = (sub: string) => ({
    sub,
    username: 'ada@example.edu',
    token_use: 'access',
    client_id: 'localclient',
    iss: `${baseUrl}/_local-idp`,
    iat: now(),
    exp: now() + 600,
  });
  const publicPem = () => createPublicKey(key.privateKey).export({ type: 'spki', format: 'pem' }) as string;

  /** Each row: how the attacker builds the request's credentials, given Ada's real session. */
  const rows: Array<[string, () => Promise<{ cookie?: string; headers?: Record<string, string>; query?: string }>]> = [
    ['alg "none" with Ada\'s sub', async () => ({ cookie: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsFor(adaSub))}.` })],
    [
      'HS256 signed with the public key (algorithm confusion)',
      async () => {
        const head = `${b64({ alg: 'HS256', kid: key.kid, typ: 'JWT' })}.${b64(claimsFor(adaSub))}`;
        return { cookie: `${head}.${createHmac('sha256', publicPem()).update(head).digest('base64url')}` };
      },
    ],
    ['a real token with its signature stripped', async () => ({ cookie: ada.jar.get(ACCESS)!.split('.').slice(0, 2).join('.') + '.' })],
    [
      'a real token with another kid in its header',
      async () => ({ cookie: ada.jar.get(ACCESS)!.replace(/^[^.]+/, b64({ alg: 'RS256', kid: 'other', typ: 'JWT' })) }),
    ],
    ['a token not valid before an hour from now (nbf)', async () => ({ cookie: signJwt(key, { ...claimsFor(adaSub), nbf: now() + 3600 }) })],
    ["Ada's refresh token in the access cookie", async () => ({ cookie: ada.jar.get(REFRESH)! })],
    ['a valid service token for Ada in the access cookie', async () => ({ cookie: await issueToken({ kind: 'service', sub: adaSub }, 60) })],
    ['a valid tmp token in the access cookie', async () => ({ cookie: await issueToken({ kind: 'tmp', sub: adaSub, answers: {} }, 60) })],
    ['a valid service token for Ada in the query', async () => ({ query: `service_token=${await issueToken({ kind: 'service', sub: adaSub }, 60)}` })],
    ["Ada's real access token as a Bearer header (cookies only)", async () => ({ headers: { authorization: `Bearer ${ada.jar.get(ACCESS)!}` } })],
  ];

  for (const [name, build] of rows) {
    it(`${name}: every applicant route answers 401 and Ada's application is unchanged`, async () => {
      const credentials = await build();
      for (const route of applicantRoutes) {
        const headers: Record<string, string> = { 'content-type': 'application/json', ...credentials.headers };
        if (credentials.cookie !== undefined) headers.cookie = `${ACCESS}=${credentials.cookie}`;
        const path = concrete(route) + (credentials.query ? `?${credentials.query}` : '');
        const res = await send(
          route.method,
          path,
          headers,
          hasBody(route) ? JSON.stringify(route.name === 'saveAnswers' ? { first_name: 'Eve' } : {}) : undefined,
        );
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
        expect(res.json?.message).toBe('Your session is invalid. Please clear your cookies and login again.');
      }
      expect(await snapshot(ada)).toEqual(adaBefore);
    });
  }
});

describe("a session cookie planted beside the applicant's own (cookie tossing from a sibling domain)", () => {
  it('makes neither count, in either order: 401, and nothing is written for either applicant', async () => {
    const eve = await registeredApplicant(baseUrl);
    for (const order of [
      [eve, ada],
      [ada, eve],
    ]) {
      const cookie = order.map((c) => `${ACCESS}=${c.jar.get(ACCESS)!}`).join('; ');
      const res = await send('PUT', '/api/answer', { 'content-type': 'application/json', cookie }, JSON.stringify({ first_name: 'Planted' }));
      expect(res.status).toBe(401);
    }
    expect(await snapshot(ada)).toEqual(adaBefore);
    expect((await eve.get('/api/profile')).body.answer).toEqual({});
  });
});

describe('credentials of the wrong kind on the service route → 401', () => {
  const rows: Array<[string, () => Promise<string>]> = [
    ["Ada's access token", async () => ada.jar.get(ACCESS)!],
    ["Ada's refresh token", async () => ada.jar.get(REFRESH)!],
    ['a tmp token', async () => issueToken({ kind: 'tmp', sub: adaSub, answers: { first_name: 'X' } }, 60)],
    ['an expired service token', async () => issueToken({ kind: 'service', sub: adaSub }, -1)],
    [
      'a service token with one character changed',
      async () => (await issueToken({ kind: 'service', sub: adaSub }, 60)).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    ],
    ['a service token with padding appended', async () => `${await issueToken({ kind: 'service', sub: adaSub }, 60)}%20`],
  ];
  it.each(rows)('%s', async (_name, token) => {
    const res = await send('GET', `/service/tmp-pdf?service_token=${encodeURIComponent(await token())}`);
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('Springfield');
  });

  it('a service token is read-only: no write route accepts it in any position', async () => {
    const token = await issueToken({ kind: 'service', sub: adaSub }, 60);
    for (const route of applicantRoutes.filter((r) => r.method !== 'GET')) {
      const res = await send(
        route.method,
        `${concrete(route)}?service_token=${token}`,
        { 'content-type': 'application/json', cookie: `${ACCESS}=${token}` },
        hasBody(route) ? '{}' : undefined,
      );
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
    expect(await snapshot(ada)).toEqual(adaBefore);
  });
});

describe('path tricks in the {key} of document routes', () => {
  const keyRoutes = applicantRoutes.filter((r) => r.path.includes('{key}'));
  const tricks: Array<[string, (adaSub: string) => string]> = [
    ["Ada's sub behind encoded ../", (sub) => `..%2F..%2F${sub}`],
    ['encoded ..', () => '%2E%2E'],
    ['an encoded slash into another question', () => 'hs_transcript%2F..%2Fresume'],
    ['a NUL byte', () => 'hs_transcript%00'],
    ['upper case', () => 'HS_TRANSCRIPT'],
    ['constructor', () => 'constructor'],
    ['__proto__', () => '__proto__'],
    ['a text question', () => 'first_name'],
    ['2000 characters', () => 'a'.repeat(2000)],
  ];
  // One prober for every trick: what is asserted is Ada's side and the answers, not Eve's state.
  let eve: Applicant;
  beforeAll(async () => {
    eve = await registeredApplicant(baseUrl);
  });
  it.each(tricks)("%s: refused (400/404) on every key route, and nothing of Ada's moves", async (trick, build) => {
    const key = build(adaSub);
    for (const route of keyRoutes) {
      const res = await eve.request(route.method, route.path.replace('{key}', key), hasBody(route) ? { file_key: adaFileKey, file_name: 'x.pdf' } : undefined);
      expect([400, 404], `${route.method} ${route.path} with ${trick}: ${res.status}`).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain(adaSub);
    }
    expect(await snapshot(ada)).toEqual(adaBefore);
  });
});

describe('hostile file names', () => {
  // One refused and one stored name end to end; every hostile name's outcome (paths, CR/LF, NUL,
  // dot files) is the attach parser's rule: lambdas/domain/documents/files.test.ts.
  const rows: Array<[string, number, string | undefined]> = [
    // [name sent, status, stored file_name (when accepted)]
    ['../x";.html', 400, undefined],
    ['<img src=x onerror=alert(1)>.pdf', 200, 'img src=x onerror=alert(1).pdf'],
  ];
  it.each(rows)('%j → %i', async (name, status, stored) => {
    const eve = await registeredApplicant(baseUrl);
    const presigned = await presign(eve, 'resume');
    expect(await postToBucket(presigned, await fixtures.pdf(['Eve']), 'x.pdf')).toBeLessThan(300);
    const res = await eve.post('/api/pdf/document-answer/resume', { file_key: presigned.fields.key, file_name: name });
    expect(res.status).toBe(status);
    const docs = (await eve.get<Record<string, { file_name: string; file_key: string }>>('/api/document-answer')).body;
    if (stored === undefined) {
      expect(docs).toEqual({});
    } else {
      expect(docs.resume?.file_name).toBe(stored);
      // The object key is the server's own; nothing of the name reaches storage paths.
      expect(docs.resume?.file_key ?? presigned.fields.key).toBe(presigned.fields.key);
      // eslint-disable-next-line no-control-regex -- a NUL in a stored name is exactly what this asserts away
      expect(docs.resume?.file_name).not.toMatch(/[\\/"<>\r\n\u0000]/);
    }
  });
});

describe('a presigned POST', () => {
  it('is pinned by its policy to one bucket, one key and a size range (S3 refuses reuse for another key)', async () => {
    const eve = await registeredApplicant(baseUrl);
    const { fields } = await presign(eve, 'resume');
    const policy = JSON.parse(Buffer.from(fields.Policy ?? fields.policy ?? '', 'base64').toString()) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toContainEqual({ key: fields.key });
    expect(policy.conditions).toContainEqual({ bucket: 'uploads' });
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 1024 * 1024]);
    expect(policy.conditions.some((c) => Array.isArray(c) && c[0] === 'starts-with')).toBe(false);
    const ttl = Date.parse(policy.expiration) - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000);
  });

  // s3rver enforces no policy, so the object lands (AWS would answer 403); the product's own
  // record of issued keys (upload grants) is what keeps it from becoming the victim's document.
  // More reuse rows (another question, a made-up key, a lapsed grant) in attacks-documents.test.ts.
  it("reused for a key under another applicant's prefix, never becomes that applicant's document", async () => {
    const [victim, eve] = await Promise.all([registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    await uploadDocument(victim, 'hs_transcript', await fixtures.pdf(['Victim transcript']), 'victim.pdf');
    const before = await snapshot(victim);
    const presigned = await presign(eve, 'hs_transcript');
    const foreignKey = `uploads/${victim.subject}/hs_transcript/${(presigned.fields.key as string).split('/').pop()}`;
    // s3rver enforces no policy, so the object lands (AWS would answer 403): the product must still ignore it.
    expect(await postToBucket({ ...presigned, fields: { ...presigned.fields, key: foreignKey } }, await fixtures.pdf(['Eve was here']), 'x.pdf')).toBeLessThan(
      300,
    );
    expect((await eve.post('/api/pdf/document-answer/hs_transcript', { file_key: foreignKey, file_name: 'x.pdf' })).status).toBe(403);
    // The converter itself, given the object's event again as Lambda would retry it, leaves it alone.
    const record = { s3: { bucket: { name: 'uploads' }, object: { key: foreignKey, size: 100 } } };
    expect(await convert({ Records: [record] } as unknown as S3Event)).toEqual({ converted: 0, failed: 0, skipped: 1 });
    expect(await snapshot(victim)).toEqual(before);
  });
});

describe('cross-site requests', () => {
  const formTypes = ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain'];
  // Staff routes with a staff session: staff-hostile-input.test.ts.
  // Machine routes read no cookie (a bearer token only, which a form post cannot carry): sis-auth.test.ts.
  const writeRoutes = routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.access !== 'staff' && r.access !== 'machine');

  // One victim for the three types: each compares what she has before and after its own posts.
  let victim: Applicant;
  beforeAll(async () => {
    victim = await registeredApplicant(baseUrl);
    await victim.put('/api/answer', { first_name: 'Victim' });
  });

  it.each(formTypes)('a form post (%s) with the session cookie is refused 415 on every write route, and nothing changes', async (type) => {
    const before = await snapshot(victim);
    const body = type.startsWith('multipart')
      ? '--x\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nEve\r\n--x--\r\n'
      : type === 'text/plain'
        ? '{"first_name":"Eve"}'
        : 'first_name=Eve';
    for (const route of writeRoutes) {
      for (const payload of [body, '']) {
        const res = await send(
          route.method,
          concrete(route),
          { cookie: victim.cookieHeader, 'content-type': type, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          payload,
        );
        // The one-click unsubscribe takes RFC 8058's form body by design (its link's token is the credential, no
        // session is read): a form without `List-Unsubscribe=One-Click` and a token is a 400 in words, and changes nothing.
        const expected = route.name === 'unsubscribe' && type !== 'text/plain' ? 400 : 415;
        expect(res.status, `${route.method} ${route.path} body ${payload ? 'present' : 'empty'}`).toBe(expected);
      }
    }
    expect(await snapshot(victim)).toEqual(before);
  });

  it('no route ever grants CORS to a foreign origin (preflight or request)', async () => {
    const a = await registeredApplicant(baseUrl);
    for (const route of routes) {
      const preflight = await send('OPTIONS', concrete(route), {
        origin: 'https://evil.example',
        'access-control-request-method': route.method,
        'access-control-request-headers': 'content-type',
      });
      const actual = await send(
        route.method,
        concrete(route),
        { origin: 'https://evil.example', cookie: a.cookieHeader, 'content-type': 'application/json' },
        hasBody(route) ? '{}' : undefined,
      );
      for (const res of [preflight, actual]) {
        const granted = [...res.headers.keys()].filter((h) => h.startsWith('access-control-'));
        expect(granted, `${route.method} ${route.path}`).toEqual([]);
      }
      expect(preflight.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('session cookies are HttpOnly and SameSite=Strict; only the marker is readable', async () => {
    const username = uniqueEmail('cookies');
    await registeredApplicant(baseUrl, username);
    const res = await fetch(`${baseUrl}/public/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThanOrEqual(3);
    for (const c of cookies) {
      expect(c).toMatch(/SameSite=Strict/);
      expect(c).toMatch(/Path=\//);
      if (c.startsWith(ACCESS) || c.startsWith(REFRESH)) expect(c).toMatch(/HttpOnly/);
      else expect(c).toMatch(/^CognitoIdentityServiceProvider\.localclient\.loggedIn=1;/);
    }
  });
});

describe('account enumeration', () => {
  // The time of an answer (an unknown user against a wrong password): login-timing.test.ts, at the real scrypt cost.
  it('sign-up, resend and forgot-password answer an existing account exactly as an unknown one', async () => {
    const known = await registeredApplicant(baseUrl);
    for (const [path, body] of [
      ['/public/signup', (u: string) => ({ username: u, password: PASSWORD })],
      ['/public/resend-confirm', (u: string) => ({ username: u })],
      ['/public/forgot-password', (u: string) => ({ username: u })],
    ] as const) {
      const a = await send('POST', path, { 'content-type': 'application/json' }, JSON.stringify(body(known.username)));
      const b = await send('POST', path, { 'content-type': 'application/json' }, JSON.stringify(body(uniqueEmail('nobody'))));
      expect({ status: a.status, body: a.text }, path).toEqual({ status: b.status, body: b.text });
    }
  });
});

describe('errors never leak internals', () => {
  it('no probe in this suite produced a 5xx', async () => {
    // A final sweep of odd but harmless requests: each is refused as a client error.
    for (const [method, path, headers, body] of [
      ['GET', '/api/profile', { cookie: `${ACCESS}=${'a'.repeat(9000)}` }, undefined],
      ['GET', '/service/tmp-pdf?service_token=' + '%'.repeat(3), {}, undefined],
      ['GET', '/lookup/find?category=__proto__&text=a', {}, undefined],
      ['PUT', '/api/answer', { 'content-type': 'application/json; charset=utf-7' }, '{}'],
    ] as Array<[string, string, Record<string, string>, string | undefined]>) {
      const res = await send(method, path, headers, body);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.text).not.toContain(GENERIC);
      expect(res.text).not.toMatch(/\bat .+:\d+:\d+|node_modules|Error:/);
    }
  });
});
