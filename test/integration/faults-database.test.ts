/**
 * The database failing under a request. This file runs its own stack in its own worker
 * (configuration is per process) with a breakable proxy between the handlers and dynalite.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '#domain/errors';
import { lambdaContext } from '#local/api-gateway';
import { registeredApplicant, type ApiClient } from '../support/client';
import { stackBehindFaultyProxy } from '../support/proxied-stack';

const proxied = stackBehindFaultyProxy('faults-db');

beforeEach(() => {
  proxied.proxy.mode = 'pass';
});

const BEFORE = { first_name: 'Before', city: 'Springfield' };
const PATCH = { first_name: 'After', city: '', last_name: 'Lovelace', hs_name: 'Springfield High School' };
const AFTER = { first_name: 'After', last_name: 'Lovelace', hs_name: 'Springfield High School' };

async function applicantWithAnswers(): Promise<ApiClient> {
  const a = await registeredApplicant(proxied.stack.url);
  expect((await a.put('/api/answer', BEFORE)).status).toBe(200);
  return a;
}

async function storedAnswers(a: ApiClient): Promise<Record<string, string>> {
  const res = await a.get<{ answer: Record<string, string> }>('/api/profile');
  expect(res.status).toBe(200);
  return res.body.answer;
}

/** The API Gateway v2 event the local server would build for PUT /api/answer. */
function answerEvent(a: ApiClient, body: unknown): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'PUT /api/answer',
    rawPath: '/api/answer',
    rawQueryString: '',
    cookies: [...a.jar].map(([k, v]) => `${k}=${v}`),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'PUT', path: '/api/answer', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'faults',
      routeKey: 'PUT /api/answer',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
}

function expectGenericFailure(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status).toBe(500);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  // Exactly the generic message: no error name, endpoint, stack or SDK detail.
  expect(res.body).toEqual({ message: GENERIC_ERROR_MESSAGE });
}

describe('the database unreachable during a save', () => {
  it('answers the generic error, writes nothing, and the next save after recovery works', async () => {
    const a = await applicantWithAnswers();
    proxied.proxy.mode = 'refuse';
    const seen = proxied.proxy.seen.refuse;
    const res = await a.put('/api/answer', PATCH);
    expect(proxied.proxy.seen.refuse).toBeGreaterThan(seen);
    expectGenericFailure(res);

    proxied.proxy.mode = 'pass';
    expect(await storedAnswers(a)).toEqual(BEFORE);
    expect((await a.put('/api/answer', PATCH)).status).toBe(200);
    expect(await storedAnswers(a)).toEqual(AFTER);
  });

  it('is all or nothing when the connection drops after the database received the save', async () => {
    const a = await applicantWithAnswers();
    proxied.proxy.mode = 'drop-response';
    expectGenericFailure(await a.put('/api/answer', PATCH));

    proxied.proxy.mode = 'pass';
    // The caller was told it failed; the write itself may have happened, but never in part.
    expect([BEFORE, AFTER]).toContainEqual(await storedAnswers(a));
    // Saving the same answers again (what the app does on retry) converges on them.
    expect((await a.put('/api/answer', PATCH)).status).toBe(200);
    expect(await storedAnswers(a)).toEqual(AFTER);
  });

  it('answers a database that stops responding with the generic error before the function deadline', async () => {
    const a = await applicantWithAnswers();
    proxied.proxy.mode = 'hang';
    // The handler module itself, with a 2-second deadline (lib/api.ts gives 15 s; the local server 29 s):
    // middy ends the request just before the deadline, so the applicant gets our generic message
    // rather than API Gateway's own timeout text.
    const { handler } = await import('#http/api-answer-put');
    const started = Date.now();
    const res = await handler(answerEvent(a, PATCH), lambdaContext('saveAnswers', 2_000));
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body ?? '')).toEqual({ message: GENERIC_ERROR_MESSAGE });
    proxied.proxy.mode = 'pass';
    expect(await storedAnswers(a)).toEqual(BEFORE);
  });
});

describe('the database unreachable elsewhere', () => {
  it('a login answers the generic error, not "incorrect password"', async () => {
    const a = await registeredApplicant(proxied.stack.url);
    proxied.proxy.mode = 'refuse';
    const res = await a.post('/public/login', { username: a.username, password: 'Correct-Horse-42!' });
    expectGenericFailure(res);
  });

  it('a submit answers the generic error and leaves the application open', async () => {
    const a = await applicantWithAnswers();
    proxied.proxy.mode = 'refuse';
    expectGenericFailure(await a.post('/api/submit'));
    proxied.proxy.mode = 'pass';
    const profile = await a.get<{ web_status: unknown[] }>('/api/profile');
    expect(profile.body.web_status).toEqual([]);
    expect((await a.put('/api/answer', { first_name: 'Still open' })).status).toBe(200);
  });
});
