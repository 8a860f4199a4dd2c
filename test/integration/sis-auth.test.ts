/**
 * The student information system's machine clients on a stack of their own (a client's record
 * cached for one second, so a revocation shows within the test): the token endpoint as Cognito's
 * pool domain answers it (good secret, wrong secret, expired and revoked clients, scopes), the
 * machine middleware on GET /sis/v1/applications/{id} (no, expired, foreign and revoked tokens,
 * a missing scope, 120 requests a minute), the isolation both ways (a session cookie or an
 * applicant's token opens nothing under /sis/v1/, a machine token no applicant or staff route),
 * and the office's access record naming the client. On the same stack, the writes back: a
 * material marked received reaching the applicant's status page, a decision the office's console
 * then shows (once per Idempotency-Key), and the application PDF's link; the list of applications
 * changed since a moment, paged while one of them changes, with its documents' links.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { SIS_CLIENTS_PK } from '#adapters/store/keys';
import { addDays } from '#form/calendar';
import type { ChecklistEntry } from '#form/checklist';
import { endpoints } from '#form/wire/endpoints';
import type { ApplicationDetail } from '#form/wire/responses';
import { SIS_LIST_MESSAGES } from '#form/wire/sis-list';
import { SIS_WRITE_MESSAGES } from '#form/wire/sis-writes';
import { config, setConfig } from '#lambdas/config';
import { routes } from '#lambdas/routes';
import { loadOrCreateSigningKey, signJwt } from '#local/identity/keys';
import * as documents from '../fixtures/documents';
import { uploadDocument, waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { latestMail, registeredApplicant, uniqueEmail, type ApiClient } from '../support/client';
import { applicantRoutes, exampleRequest, staffRoutes } from '../support/route-cases';
import { signedInStaff, type StaffClient } from '../support/staff';

const CACHE_SECONDS = 1;
let stack: ChildStack;

beforeAll(async () => {
  stack = await startChildStack({ env: { SIS_CLIENT_CACHE_SECONDS: String(CACHE_SECONDS) } });
  setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint, s3Endpoint: stack.s3Endpoint });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

interface MadeClient {
  client: { id: string; name: string; scopes: string[]; createdAt: string; expires?: string };
  secret: string;
}

async function addClient(scopes: string[], expires?: string): Promise<MadeClient> {
  const res = await fetch(`${stack.url}/_dev/sis-clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `vendor-${randomUUID().slice(0, 8)}`, scopes, ...(expires ? { expires } : {}) }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as MadeClient;
}

async function requestToken(auth: { id: string; secret: string } | undefined, form: Record<string, string> = { grant_type: 'client_credentials' }) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (auth) headers.authorization = `Basic ${Buffer.from(`${auth.id}:${auth.secret}`).toString('base64')}`;
  const res = await fetch(`${stack.url}/oauth2/token`, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function tokenOf(made: MadeClient, scope?: string): Promise<string> {
  const { status, body } = await requestToken({ id: made.client.id, secret: made.secret }, { grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.access_token as string;
}

async function call(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let applicant: ApiClient & { username: string };
let applicationPath: string;
let staff: StaffClient;
/** A recommender's link token for the applicant's application: a credential of its own, opening nothing here. */
let recommenderLink: string;

beforeAll(async () => {
  applicant = await registeredApplicant(stack.url);
  expect((await applicant.put('/api/answer', { ...completeApplication(), first_name: 'Machina' })).status).toBe(200);
  const recommender = uniqueEmail('recommender');
  const invited = await applicant.post('/api/recommendations', { role: 'counselor', first_name: 'Grace', last_name: 'Hopper', email: recommender });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  recommenderLink = new URL((await latestMail(stack.url, recommender)).link!).searchParams.get('token')!;
  expect((await applicant.post('/api/submit')).status).toBe(200);
  applicationPath = `/sis/v1/applications/${applicant.subject}`;
  staff = await signedInStaff(stack.url);
}, 60_000);

describe('the token endpoint', () => {
  it('grants a bearer token for the right secret, with the scopes asked or every scope the client holds', async () => {
    const made = await addClient(['applications.read', 'decisions.write']);
    expect(made.secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const all = await requestToken({ id: made.client.id, secret: made.secret });
    expect(all).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 3600 } });
    const claims = JSON.parse(Buffer.from((all.body.access_token as string).split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ client_id: made.client.id, token_use: 'access', scope: 'sis/applications.read sis/decisions.write' });
    const one = await requestToken({ id: made.client.id, secret: made.secret }, { grant_type: 'client_credentials', scope: 'sis/decisions.write' });
    const scope = (JSON.parse(Buffer.from((one.body.access_token as string).split('.')[1]!, 'base64url').toString()) as { scope: string }).scope;
    expect(scope).toBe('sis/decisions.write');
  });

  it("refuses a wrong secret, an unknown client, no credentials, another grant and a scope the client does not hold, in OAuth's words", async () => {
    const made = await addClient(['applications.read']);
    expect(await requestToken({ id: made.client.id, secret: `${made.secret}x` })).toEqual({ status: 401, body: { error: 'invalid_client' } });
    expect(await requestToken({ id: 'nosuchclient', secret: made.secret })).toEqual({ status: 401, body: { error: 'invalid_client' } });
    expect(await requestToken(undefined)).toEqual({ status: 401, body: { error: 'invalid_client' } });
    expect(await requestToken({ id: made.client.id, secret: made.secret }, { grant_type: 'password' })).toEqual({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(await requestToken({ id: made.client.id, secret: made.secret }, { grant_type: 'client_credentials', scope: 'sis/materials.write' })).toEqual({
      status: 400,
      body: { error: 'invalid_scope' },
    });
  });

  it('refuses an expired client its token, and its tokens already issued', async () => {
    const made = await addClient(['applications.read']);
    const token = await tokenOf(made);
    expect((await call(applicationPath, bearer(token))).status).toBe(200);
    // The expiry day passed: written as time would have made it (an admin cannot give a past day).
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: SIS_CLIENTS_PK, sk: `client#${made.client.id}` },
        UpdateExpression: 'SET expires = :day',
        ExpressionAttributeValues: { ':day': '2020-01-31' },
      }),
    );
    expect(await requestToken({ id: made.client.id, secret: made.secret })).toEqual({ status: 401, body: { error: 'invalid_client' } });
    await new Promise((r) => setTimeout(r, CACHE_SECONDS * 1000 + 100));
    const refused = await call(applicationPath, bearer(token));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: 'unauthorized', message: `The client ${made.client.name} expired on 2020-01-31: its tokens are no longer accepted.` });
  });

  it('refuses a revoked client its next token and, within the cache window, its tokens already issued', async () => {
    const made = await addClient(['applications.read']);
    const token = await tokenOf(made);
    expect((await call(applicationPath, bearer(token))).status).toBe(200);
    const revoked = await fetch(`${stack.url}/_dev/sis-clients/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: made.client.name }),
    });
    expect(revoked.status).toBe(200);
    expect(await requestToken({ id: made.client.id, secret: made.secret })).toEqual({ status: 401, body: { error: 'invalid_client' } });
    await new Promise((r) => setTimeout(r, CACHE_SECONDS * 1000 + 100));
    const refused = await call(applicationPath, bearer(token));
    expect(refused).toMatchObject({
      status: 401,
      body: { code: 'unauthorized', message: `The client ${made.client.name} was revoked: its tokens are no longer accepted.` },
    });
    const listed = (await (await fetch(`${stack.url}/_dev/sis-clients`)).json()) as { clients: Array<Record<string, unknown>> };
    const mine = listed.clients.find((c) => c.name === made.client.name)!;
    expect(mine).toMatchObject({ revokedAt: expect.any(String), lastUsedAt: expect.any(String), scopes: ['applications.read'] });
    expect(mine).not.toHaveProperty('secretHash');
  });
});

describe('GET /sis/v1/applications/{id}', () => {
  it('answers a submitted application with its answers in words, and records the read under the client', async () => {
    const made = await addClient(['applications.read']);
    const res = await call(applicationPath, bearer(await tokenOf(made)));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answers = completeApplication();
    expect(res.body).toMatchObject({
      id: applicant.subject,
      reference: expect.stringMatching(/^[A-Z0-9]{8}$/),
      term: answers.entry_term,
      major: answers.applied_major,
      office_status: 'submitted',
      late: false,
      applicant: { name: `Machina ${answers.last_name}`, email: applicant.username, birth_date: answers.birth_date },
      documents: [],
    });
    // The submission's last write: the completeness it records beside the lock (materials/completeness.ts), a moment after.
    const after = Date.parse(res.body.updated_at as string) - Date.parse(res.body.submitted_at as string);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBeLessThan(30_000);
    expect(res.body).not.toHaveProperty('decision');
    const given = res.body.answers as Record<string, { value: string; label: string }>;
    expect(given.applied_major).toEqual({ value: answers.applied_major, label: answers.applied_major_desc });
    expect(given.first_name).toEqual({ value: 'Machina', label: 'Machina' });
    expect(given).not.toHaveProperty('applied_major_desc');
    const materials = res.body.materials as { items: Array<{ id: string; state: string }>; complete: boolean };
    expect(materials.items.map((i) => i.id)).toContain('transcript');
    expect(typeof materials.complete).toBe('boolean');

    const trail = await staff.get<{ items: Array<{ staff: string; action: string }> }>(`/staff/api/audit?application=${applicant.subject}`);
    expect(trail.status).toBe(200);
    expect(trail.body.items).toContainEqual(expect.objectContaining({ staff: `sis:${made.client.name}`, action: 'read' }));
  });

  it('answers 404 in words for an id no submitted application has', async () => {
    const made = await addClient(['applications.read']);
    const unsubmitted = await registeredApplicant(stack.url);
    for (const id of [randomUUID(), unsubmitted.subject]) {
      expect(await call(`/sis/v1/applications/${id}`, bearer(await tokenOf(made)))).toMatchObject({
        status: 404,
        body: { code: 'not_found', message: 'There is no submitted application with this id.' },
      });
    }
  });

  it('refuses a token without the route scope, naming it (403)', async () => {
    const made = await addClient(['decisions.write', 'materials.write']);
    expect(await call(applicationPath, bearer(await tokenOf(made)))).toMatchObject({
      status: 403,
      body: { code: 'forbidden', message: 'This route needs the scope sis/applications.read, which this token does not hold.' },
    });
  });

  it("refuses no token, an expired one, one signed by another key, a session cookie and a recommender's link (401), saying what to do", async () => {
    const made = await addClient(['applications.read']);
    const key = loadOrCreateSigningKey(stack.dataDir);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: made.client.id, client_id: made.client.id, token_use: 'access', scope: 'sis/applications.read', iss: `${stack.url}/_local-idp` };
    const expired = signJwt(key, { ...claims, iat: now - 7200, exp: now - 3600 });
    const none = await call(applicationPath);
    expect(none).toMatchObject({ status: 401, body: { code: 'unauthorized', message: expect.stringContaining('Authorization: Bearer') } });
    expect((await call(`${applicationPath}?token=${recommenderLink}`)).status).toBe(401);
    for (const headers of [
      bearer(expired),
      bearer(`${(await tokenOf(made)).slice(0, -4)}AAAA`),
      { cookie: applicant.cookieHeader },
      { cookie: staff.cookieHeader },
      // An applicant's own access token as a bearer: a token of another client, with no scope of this API.
      bearer([...applicant.jar].find(([name]) => name.endsWith('.accessToken'))![1]),
      bearer(staff.jar.get('StaffSession.accessToken')!),
      bearer(recommenderLink),
    ]) {
      const res = await call(applicationPath, headers);
      expect(res.status, JSON.stringify(headers).slice(0, 80)).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
  });

  it('refuses a machine token on every applicant and staff route, as a bearer or in their cookies (401), running none of them', async () => {
    const token = await tokenOf(await addClient(['applications.read', 'decisions.write', 'materials.write']));
    const credentials = [
      bearer(token),
      { cookie: `CognitoIdentityServiceProvider.localclient.accessToken=${token}` },
      { cookie: `StaffSession.accessToken=${token}` },
    ];
    const declared = [...applicantRoutes(endpoints), ...staffRoutes(endpoints)];
    expect(declared.length).toBeGreaterThan(50);
    for (const route of declared) {
      const { method, path, body } = exampleRequest(route);
      for (const headers of credentials) {
        const res = await fetch(`${stack.url}${path}`, {
          method,
          redirect: 'manual',
          headers: { ...headers, 'content-type': 'application/json', origin: stack.url },
          ...(body === undefined || method === 'GET' ? {} : { body: JSON.stringify(body) }),
        });
        expect(res.status, `${route.name} ${Object.keys(headers)[0]}`).toBe(401);
      }
    }
  });

  it('answers 429 with Retry-After after 120 requests of one client in a minute', async () => {
    // The counter's window is the clock's minute: start early in one, so all 121 fall in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 50));
    const token = await tokenOf(await addClient(['applications.read']));
    const statuses: number[] = [];
    for (let batch = 0; batch < 12; batch++) {
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, () => call(applicationPath, bearer(token))))).map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    const limited = await call(applicationPath, bearer(token));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('120 a minute') });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  }, 90_000);
});

/** A write with a machine's token: the JSON body and any other headers (the Idempotency-Key). */
async function send(method: 'POST' | 'PUT', path: string, token: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { ...bearer(token), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Another submitted application for the writes (so the reads above keep theirs unchanged), and a client's token with `scope`. */
async function writeSetUp(scope: string) {
  const writer = await registeredApplicant(stack.url);
  expect((await writer.put('/api/answer', { ...completeApplication(), first_name: 'Scriba' })).status).toBe(200);
  expect((await writer.post('/api/submit')).status).toBe(200);
  const made = await addClient([scope]);
  return { writer, name: made.client.name, token: await tokenOf(made) };
}

describe('POST /sis/v1/applications/{id}/materials', () => {
  let writer: Awaited<ReturnType<typeof writeSetUp>>['writer'];
  let token: string;
  let name: string;
  beforeAll(async () => {
    ({ writer, token, name } = await writeSetUp('materials.write'));
  }, 60_000);
  const materialsOf = (id: string) => `/sis/v1/applications/${id}/materials`;
  const transcript = async () => (await writer.get<{ items: ChecklistEntry[] }>('/api/checklist')).body.items.find((i) => i.id === 'transcript');

  it("marks the transcript received: the applicant's status page shows it, the history and the access record name the client", async () => {
    const day = addDays(new Date().toISOString().slice(0, 10), -2);
    const marked = await send('POST', materialsOf(writer.subject), token, { item: 'transcript', status: 'received', received_at: day });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.message).toBe(`The high school transcript is marked received on ${day}.`);
    expect(await transcript()).toMatchObject({ state: 'received', receivedAt: day });
    const detail = await staff.get<ApplicationDetail>(`/staff/api/applications/${writer.subject}`);
    expect(detail.body.history.at(-1)).toMatchObject({ staff: `sis:${name}` });
    const trail = await staff.get<{ items: Array<{ staff: string; action: string; detail?: Record<string, string> }> }>(
      `/staff/api/audit?application=${writer.subject}`,
    );
    expect(trail.body.items).toContainEqual(
      expect.objectContaining({ staff: `sis:${name}`, action: 'material', detail: { item: 'transcript', status: 'received', received_at: day } }),
    );
  });

  it("refuses awaiting (naming what is allowed), an unknown item, a future day, an unknown application and a token without the scope, in the console's words", async () => {
    const tomorrow = addDays(new Date().toISOString().slice(0, 10), 2);
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ item: 'transcript', status: 'awaiting' }, 400, SIS_WRITE_MESSAGES.status],
      [{ item: 'portfolio', status: 'waived' }, 400, /^There is no material “portfolio” on the checklist: choose one of transcript, /],
      [{ item: 'transcript', status: 'received', received_at: tomorrow }, 400, /is in the future/],
    ];
    for (const [body, status, message] of cases) {
      const res = await send('POST', materialsOf(writer.subject), token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ code: 'bad_request', message: typeof message === 'string' ? message : expect.stringMatching(message) });
    }
    expect(await send('POST', materialsOf(randomUUID()), token, { item: 'transcript', status: 'waived' })).toMatchObject({
      status: 404,
      body: { code: 'not_found', message: 'There is no submitted application with this id.' },
    });
    const reader = await tokenOf(await addClient(['applications.read', 'decisions.write']));
    expect(await send('POST', materialsOf(writer.subject), reader, { item: 'transcript', status: 'waived' })).toMatchObject({
      status: 403,
      body: { code: 'forbidden', message: 'This route needs the scope sis/materials.write, which this token does not hold.' },
    });
  });
});

describe('PUT /sis/v1/applications/{id}/decision', () => {
  let writer: Awaited<ReturnType<typeof writeSetUp>>['writer'];
  let token: string;
  let name: string;
  beforeAll(async () => {
    ({ writer, token, name } = await writeSetUp('decisions.write'));
  }, 60_000);
  const decisionOf = (id: string) => `/sis/v1/applications/${id}/decision`;
  const decisionEntries = async () =>
    (await staff.get<ApplicationDetail>(`/staff/api/applications/${writer.subject}`)).body.history.filter((h) => h.what.startsWith('Decision'));

  it('stages the decision the console then shows, once per Idempotency-Key: the same key and body answer the first answer', async () => {
    const key = randomUUID();
    const body = { decision: 'admit', note: 'Scholarship list' };
    const first = await send('PUT', decisionOf(writer.subject), token, body, { 'idempotency-key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ office_status: 'decided', decision: { decision: 'admit', note: 'Scholarship list', decided_by: `sis:${name}` } });
    const seen = await staff.get<ApplicationDetail>(`/staff/api/applications/${writer.subject}`);
    expect(seen.body).toMatchObject({ office_status: 'decided', decision: { decision: 'admit', decided_by: `sis:${name}` } });
    expect(await decisionEntries()).toHaveLength(1);

    const again = await send('PUT', decisionOf(writer.subject), token, body, { 'idempotency-key': key });
    expect(again).toEqual(first);
    expect(await decisionEntries()).toHaveLength(1);
    const trail = await staff.get<{ items: Array<{ staff: string; action: string }> }>(`/staff/api/audit?application=${writer.subject}`);
    expect(trail.body.items.filter((i) => i.staff === `sis:${name}` && i.action === 'decision')).toHaveLength(1);
  });

  it('refuses the same key with another body (409), no key (400) and a token without the scope (403), deciding nothing', async () => {
    const key = randomUUID();
    expect((await send('PUT', decisionOf(writer.subject), token, { decision: 'waitlist' }, { 'idempotency-key': key })).status).toBe(200);
    const other = await send('PUT', decisionOf(writer.subject), token, { decision: 'deny' }, { 'idempotency-key': key });
    expect(other).toMatchObject({ status: 409, body: { code: 'conflict', message: expect.stringContaining('already used for a different request') } });
    expect(await send('PUT', decisionOf(writer.subject), token, { decision: 'deny' })).toEqual({
      status: 400,
      body: { code: 'bad_request', message: SIS_WRITE_MESSAGES.noKey },
    });
    const reader = await tokenOf(await addClient(['applications.read', 'materials.write']));
    expect(await send('PUT', decisionOf(writer.subject), reader, { decision: 'deny' }, { 'idempotency-key': randomUUID() })).toMatchObject({
      status: 403,
      body: { code: 'forbidden', message: 'This route needs the scope sis/decisions.write, which this token does not hold.' },
    });
    expect((await staff.get<ApplicationDetail>(`/staff/api/applications/${writer.subject}`)).body.decision).toMatchObject({ decision: 'waitlist' });
  });
});

describe('GET /sis/v1/applications/{id}/pdf', () => {
  it('answers 303 to a short-lived link to application-<reference>.pdf, and 404 in words for an unknown id', async () => {
    await waitForApplicationPdf(applicant);
    const token = await tokenOf(await addClient(['applications.read']));
    const res = await fetch(`${stack.url}${applicationPath}/pdf`, { headers: bearer(token), redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="application-[A-Z0-9]{8}\.pdf"$/);
    expect(await call(`/sis/v1/applications/${randomUUID()}/pdf`, bearer(token))).toMatchObject({
      status: 404,
      body: { code: 'not_found', message: 'There is no submitted application with this id.' },
    });
  }, 60_000);
});

describe("the console's API clients (an admin's screen)", () => {
  interface Listed {
    clients: Array<Record<string, unknown>>;
    token_endpoint: string;
  }

  it('makes a client whose secret is shown once and works at the token endpoint, lists it without a secret, and revokes it, each change in the access record', async () => {
    const name = `console-${randomUUID().slice(0, 8)}`;
    const made = await staff.post<MadeClient & { token_endpoint: string }>('/staff/api/sis-clients', {
      name,
      scopes: ['applications.read'],
      expires: '2099-12-31',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({
      client: { name, scopes: ['applications.read'], expires: '2099-12-31' },
      token_endpoint: expect.stringMatching(/\/oauth2\/token$/),
    });
    const token = await tokenOf(made.body);
    expect((await call(applicationPath, bearer(token))).status).toBe(200);

    const listed = await staff.get<Listed>('/staff/api/sis-clients');
    expect(listed.status).toBe(200);
    expect(listed.body.clients.find((c) => c.name === name)).toMatchObject({ id: made.body.client.id, lastUsedAt: expect.any(String) });
    expect(JSON.stringify(listed.body)).not.toContain(made.body.secret);
    expect(JSON.stringify(listed.body)).not.toContain('secretHash');

    const revoked = await staff.post<{ client: { revokedAt?: string } }>(`/staff/api/sis-clients/${made.body.client.id}/revoke`);
    expect(revoked).toMatchObject({ status: 200, body: { client: { revokedAt: expect.any(String) } } });
    expect(await requestToken({ id: made.body.client.id, secret: made.body.secret })).toEqual({ status: 401, body: { error: 'invalid_client' } });
    await new Promise((r) => setTimeout(r, CACHE_SECONDS * 1000 + 100));
    expect((await call(applicationPath, bearer(token))).status).toBe(401);

    const trail = await staff.get<{ items: Array<{ staff: string; action: string; words?: string }> }>('/staff/api/audit');
    const mine = trail.body.items.filter((i) => i.action.startsWith('sis-client') && i.staff === staff.email && JSON.stringify(i).includes(name));
    expect(mine.map((i) => i.action)).toEqual(['sis-client.revoke', 'sis-client']);
    expect(JSON.stringify(trail.body)).not.toContain(made.body.secret);
  });

  it('refuses a bad name, no scope, a past day (400 per field), a name taken (409) and an unknown client id (404), making nothing', async () => {
    const before = (await staff.get<Listed>('/staff/api/sis-clients')).body.clients.length;
    const bad = await staff.post<{ errors?: Record<string, string[]> }>('/staff/api/sis-clients', { name: 'has space', scopes: ['applications.read'] });
    expect(bad).toMatchObject({ status: 400, body: { errors: { name: [expect.stringContaining('letters, digits')] } } });
    expect((await staff.post('/staff/api/sis-clients', { name: 'ok', scopes: [] })).body).toMatchObject({ errors: { scopes: [expect.any(String)] } });
    expect((await staff.post('/staff/api/sis-clients', { name: 'ok', scopes: ['applications.read'], expires: '2020-01-01' })).body).toMatchObject({
      errors: { expires: [expect.stringContaining('already past')] },
    });
    expect((await staff.post('/staff/api/sis-clients', { name: 'ok', scopes: 'applications.read' })).status).toBe(400);
    const taken = await addClient(['applications.read']);
    const again = await staff.post('/staff/api/sis-clients', { name: taken.client.name, scopes: ['applications.read'] });
    expect(again).toMatchObject({ status: 409, body: { message: `A client named ${taken.client.name} already exists.` } });
    expect((await staff.post('/staff/api/sis-clients/nosuchclient/revoke')).status).toBe(404);
    expect((await staff.post('/staff/api/sis-clients/NOT-AN-ID!/revoke')).status).toBe(400);
    expect((await staff.get<Listed>('/staff/api/sis-clients')).body.clients.length).toBe(before + 1);
  });
});

describe("every machine write route's hostile input", () => {
  const writeRoutes = routes.filter((r) => r.access === 'machine' && (r.method === 'POST' || r.method === 'PUT'));
  let writer: Awaited<ReturnType<typeof writeSetUp>>['writer'];
  let token: string;
  beforeAll(async () => {
    ({ writer } = await writeSetUp('applications.read'));
    token = await tokenOf(await addClient(['decisions.write', 'materials.write']));
  }, 60_000);

  it('is refused with a clear 4xx in {code, message}, polluting nothing and writing nothing', async () => {
    expect(writeRoutes.map((r) => r.name).sort()).toEqual(['sisMarkMaterial', 'sisRecordDecision']);
    const json = 'application/json';
    const cases: Array<[string, string, number]> = [
      [json, '{"unterminated": ', 400],
      [json, '[1,2,3]', 400],
      [json, '"a string"', 400],
      [json, JSON.stringify({ unknown_field_xyz: 1 }), 400],
      [json, '{"__proto__": {"polluted": "polluted-canary"}, "constructor": {"prototype": {"polluted": "polluted-canary"}}}', 400],
      [json, '['.repeat(5000) + ']'.repeat(5000), 400],
      [json, JSON.stringify({ x: 'a'.repeat(1024 * 1024) }), 413],
      ['text/plain', '{}', 415],
      ['application/x-www-form-urlencoded', 'decision=admit', 415],
      ['application/json; charset=iso-8859-1', '{}', 415],
    ];
    for (const route of writeRoutes) {
      const url = `${stack.url}${route.path.replace('{id}', writer.subject)}`;
      for (const [type, body, status] of cases) {
        const res = await fetch(url, { method: route.method, headers: { ...bearer(token), 'content-type': type, 'idempotency-key': randomUUID() }, body });
        const text = await res.text();
        expect(res.status, `${route.name} ${type} ${body.slice(0, 40)}: ${text.slice(0, 200)}`).toBe(status);
        expect(JSON.parse(text)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        expect(text).not.toContain('polluted-canary');
      }
    }
    const detail = await staff.get<ApplicationDetail>(`/staff/api/applications/${writer.subject}`);
    expect(detail.body.history).toEqual([]);
    expect(detail.body).not.toHaveProperty('decision');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('GET /sis/v1/applications?since=', () => {
  const submitted: string[] = [];
  let since: string;
  let withDocument: ApiClient & { subject: string };
  let token: string;
  let marker: string;
  beforeAll(async () => {
    since = new Date().toISOString();
    for (let i = 0; i < 5; i++) {
      const one = await registeredApplicant(stack.url);
      expect((await one.put('/api/answer', { ...completeApplication(), first_name: `Pagina${i}` })).status).toBe(200);
      if (i === 0) {
        withDocument = one;
        expect((await uploadDocument(one, 'hs_transcript', await documents.png(), 'transcript.png')).settled?.status).toBe('COMPLETED');
      }
      expect((await one.post('/api/submit')).status).toBe(200);
      submitted.push(one.subject);
    }
    await waitForApplicationPdf(withDocument);
    token = await tokenOf(await addClient(['applications.read']));
    marker = await tokenOf(await addClient(['materials.write']));
  }, 120_000);
  const list = (query: string, as = token) => call(`/sis/v1/applications?${query}`, bearer(as));

  it('pages every application changed since, oldest change first; one changed between pages comes again later, none skipped or doubled', async () => {
    const seen: string[] = [];
    let changed: string | undefined;
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await list(`since=${encodeURIComponent(since)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      const items = res.body.items as Array<{ id: string; updated_at: string }>;
      expect(items.length).toBeLessThanOrEqual(2);
      expect(items.map((i) => i.updated_at)).toEqual(items.map((i) => i.updated_at).sort());
      seen.push(...items.map((i) => i.id));
      if (page === 0) {
        // An application already returned changes: a mark through the machine route (not the one whose transcript arrived as an upload).
        changed = items[1]!.id;
        const marked = await send('POST', `/sis/v1/applications/${changed}/materials`, marker, { item: 'transcript', status: 'waived' });
        expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      }
      cursor = res.body.next_cursor as string | undefined;
      if (!cursor) break;
    }
    expect(cursor).toBeUndefined();
    expect(new Set(seen)).toEqual(new Set(submitted));
    expect(seen).toHaveLength(submitted.length + 1);
    expect(seen.filter((id) => id === changed)).toHaveLength(2);
    expect(seen.at(-1)).toBe(changed);
  });

  it("carries each document's and the PDF's 5-minute links, each fetchable, and records each read under the client", async () => {
    const res = await list(`since=${encodeURIComponent(since)}&limit=100`);
    const record = (res.body.items as Array<Record<string, unknown>>).find((i) => i.id === withDocument.subject)!;
    const docs = record.documents as Array<{ kind: string; file_name: string; url: string }>;
    expect(docs).toEqual([{ kind: 'hs_transcript', file_name: 'transcript.png', url: expect.any(String) }]);
    const pdf = record.pdf as { file_name: string; url: string };
    expect(pdf.file_name).toMatch(/^application-[A-Z0-9]{8}\.pdf$/);
    for (const url of [docs[0]!.url, pdf.url]) {
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
    }
    const trail = await staff.get<{ items: Array<{ staff: string; action: string }> }>(`/staff/api/audit?application=${withDocument.subject}`);
    expect(trail.body.items.some((i) => i.staff.startsWith('sis:') && i.action === 'read')).toBe(true);
  });

  it('refuses no since, a since that is no time, a limit outside 1–100 and a cursor it did not make (400, named), and a token without applications.read (403)', async () => {
    const cases: Array<[string, string]> = [
      ['', SIS_LIST_MESSAGES.since],
      ['limit=10', SIS_LIST_MESSAGES.since],
      ['since=yesterday', SIS_LIST_MESSAGES.badSince],
      ['since=2026-01-01&limit=0', SIS_LIST_MESSAGES.limit],
      ['since=2026-01-01&limit=101', SIS_LIST_MESSAGES.limit],
      ['since=2026-01-01&cursor=not%20mine', SIS_LIST_MESSAGES.cursor],
      [`since=2026-01-01&cursor=${Buffer.from('2026-01-01T00:00:00.000Z').toString('base64url')}`, SIS_LIST_MESSAGES.cursor],
    ];
    for (const [query, message] of cases) expect(await list(query), query).toMatchObject({ status: 400, body: { code: 'bad_request', message } });
    expect(await list('since=2026-01-01', marker)).toMatchObject({
      status: 403,
      body: { code: 'forbidden', message: 'This route needs the scope sis/applications.read, which this token does not hold.' },
    });
  });
});
