/**
 * The server's idle timeout and absolute lifetime, on a stack of their own with timeouts of
 * seconds: a session used within the timeout stays alive across many of them; one left alone
 * past it answers 401 with the inactivity message, and its refresh token is revoked at the
 * identity provider; the lifetime ends even a busy session; cookies end with the browser.
 * Applicants and staff alike.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { setConfig } from '#lambdas/config';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { PASSWORD, registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff } from '../support/staff';

const IDLE_SECONDS = 2;
const LIFETIME_SECONDS = 9;
const IDLE_MESSAGE = 'You have been automatically logged out due to inactivity.';
const SESSION_INVALID = 'Your session is invalid. Please clear your cookies and login again.';
const STAFF_ENDED = 'Your staff session has ended. Please sign in again.';

let stack: ChildStack;

beforeAll(async () => {
  stack = await startChildStack({
    env: {
      SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
      STAFF_SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
      SESSION_MAX_LIFETIME_SECONDS: String(LIFETIME_SECONDS),
      STAFF_SESSION_MAX_LIFETIME_SECONDS: String(LIFETIME_SECONDS),
    },
  });
  setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint, s3Endpoint: stack.s3Endpoint });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function claimsOf(client: ApiClient, suffix: string): { sub: string; origin_jti: string; auth_time: number } {
  const token = [...client.jar].find(([name]) => name.endsWith(suffix))![1];
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; origin_jti: string; auth_time: number };
}

/** Makes the session's activity mark look fresh, as if the idle check had never happened. */
async function forgeFreshMark(owner: string, sessionId: string): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: 'status',
      Key: { pk: owner, sk: `activity#${sessionId}` },
      UpdateExpression: 'SET seenAt = :now',
      ExpressionAttributeValues: { ':now': Date.now() },
    }),
  );
}

/** Calls `request` every `everyMs` until `untilMs` (epoch ms); every answer must be 200. */
async function keepUsing(request: () => Promise<{ status: number }>, untilMs: number, everyMs = 600): Promise<number> {
  let calls = 0;
  while (Date.now() < untilMs) {
    const res = await request();
    expect(res.status, `call ${calls} at ${Date.now() - (untilMs - 1)} ms`).toBe(200);
    calls += 1;
    await sleep(everyMs);
  }
  return calls;
}

const setCookiesOf = (res: { headers: Headers }) => res.headers.getSetCookie();

describe('the applicant idle timeout', () => {
  it('keeps a session used within the timeout alive across several timeouts, on every route the app calls; the lifetime then ends it', async () => {
    const a = await registeredApplicant(stack.url);
    const signedInAt = claimsOf(a, '.accessToken').auth_time * 1000;
    const routes = [
      () => a.get('/api/profile'),
      () => a.put('/api/answer', { first_name: 'Ada' }),
      () => a.get('/api/tabs'),
      () => a.get('/api/document-answer'),
      () => a.post('/public/refresh'),
    ];
    let i = 0;
    const calls = await keepUsing(() => routes[i++ % routes.length]!(), Date.now() + 3 * IDLE_SECONDS * 1000 + 500);
    expect(calls).toBeGreaterThan(6);
    // Still busy, until the lifetime is over.
    await keepUsing(() => a.get('/api/profile'), signedInAt + LIFETIME_SECONDS * 1000 - 700);
    await sleep(Math.max(0, signedInAt + LIFETIME_SECONDS * 1000 + 1200 - Date.now()));
    expect(await a.get('/api/profile')).toMatchObject({ status: 401, body: { message: SESSION_INVALID } });
    expect((await a.post('/public/refresh')).status).toBe(401);
  }, 30_000);

  it('answers the next request after the timeout 401 with the inactivity message, and revokes the refresh token', async () => {
    const a = await registeredApplicant(stack.url);
    expect((await a.get('/api/profile')).status).toBe(200);
    await sleep(IDLE_SECONDS * 1000 + 800);
    expect(await a.get('/api/profile')).toMatchObject({ status: 401, body: { message: IDLE_MESSAGE } });
    expect(await a.put('/api/answer', { first_name: 'Eve' })).toMatchObject({ status: 401, body: { message: IDLE_MESSAGE } });
    // The browser's next step after a 401: refused too.
    expect(await a.post('/public/refresh')).toMatchObject({ status: 401, body: { message: IDLE_MESSAGE } });
    // Revoked at the provider: even with the activity mark forged fresh, the refresh token renews nothing.
    const { sub, origin_jti } = claimsOf(a, '.accessToken');
    await forgeFreshMark(sub, origin_jti);
    expect(await a.post('/public/refresh')).toMatchObject({ status: 401, body: { message: SESSION_INVALID } });
  });

  it('ends a session signed in and never used once the timeout passes', async () => {
    const a = await registeredApplicant(stack.url);
    await sleep(IDLE_SECONDS * 1000 + 800);
    expect(await a.post('/public/refresh')).toMatchObject({ status: 401, body: { message: IDLE_MESSAGE } });
    expect((await a.get('/api/profile')).status).toBe(401);
  });

  it('sets session cookies without Max-Age or Expires, so they end with the browser', async () => {
    const a = await registeredApplicant(stack.url);
    const login = await a.post('/public/login', { username: a.username, password: PASSWORD });
    const refresh = await a.post('/public/refresh');
    for (const res of [login, refresh]) {
      expect(res.status).toBe(200);
      const cookies = setCookiesOf(res);
      expect(cookies.length).toBeGreaterThanOrEqual(2);
      for (const cookie of cookies) expect(cookie).not.toMatch(/max-age|expires/i);
    }
  });
});

describe('the staff idle timeout', () => {
  it('keeps a staff session used within the timeout alive, then ends it at its lifetime', async () => {
    const staff = await signedInStaff(stack.url);
    const signedInAt = claimsOf(staff, '.accessToken').auth_time * 1000;
    const routes = [() => staff.get('/staff/api/session'), () => staff.get('/staff/api/applications'), () => staff.post('/staff/api/refresh')];
    let i = 0;
    await keepUsing(() => routes[i++ % routes.length]!(), signedInAt + LIFETIME_SECONDS * 1000 - 700);
    await sleep(Math.max(0, signedInAt + LIFETIME_SECONDS * 1000 + 1200 - Date.now()));
    expect(await staff.get('/staff/api/session')).toMatchObject({ status: 401, body: { message: STAFF_ENDED } });
  }, 30_000);

  it('answers 401 with the inactivity message after the staff timeout, and revokes the refresh token', async () => {
    const staff = await signedInStaff(stack.url);
    const cookies = setCookiesOf(await staff.post('/staff/api/refresh'));
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of cookies) expect(cookie).not.toMatch(/max-age|expires/i);
    await sleep(IDLE_SECONDS * 1000 + 800);
    expect(await staff.get('/staff/api/session')).toMatchObject({ status: 401, body: { message: IDLE_MESSAGE } });
    expect(await staff.post('/staff/api/refresh')).toMatchObject({ status: 401, body: { message: IDLE_MESSAGE } });
    const { sub, origin_jti } = claimsOf(staff, '.accessToken');
    await forgeFreshMark(`staff#${sub}`, origin_jti);
    expect(await staff.post('/staff/api/refresh')).toMatchObject({ status: 401, body: { message: STAFF_ENDED } });
  });
});
