import { describe, expect, inject, it } from 'vitest';
import { loadOrCreateSigningKey, signJwt } from '#local/identity/keys';
import { registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const ACCESS = 'CognitoIdentityServiceProvider.localclient.accessToken';
const REFRESH = 'CognitoIdentityServiceProvider.localclient.refreshToken';
const SESSION_INVALID = 'Your session is invalid. Please clear your cookies and login again.';

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

/** The applicant's own access token, re-signed as expired ten seconds ago. */
function expiredCopy(token: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(loadOrCreateSigningKey(dataDir), { ...claimsOf(token), iat: now - 1000, exp: now - 10 });
}

describe('session refresh', () => {
  it('answers an expired access token 401; POST /public/refresh renews it and the retried request succeeds', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', { first_name: 'Grace' });
    const claims = claimsOf(a.jar.get(ACCESS)!);
    const expired = expiredCopy(a.jar.get(ACCESS)!);
    a.jar.set(ACCESS, expired);

    expect(await a.get('/api/profile')).toMatchObject({ status: 401, body: { message: SESSION_INVALID } });
    expect(a.jar.get(ACCESS)).toBe(expired);

    const refreshed = await a.post('/public/refresh');
    expect(refreshed).toMatchObject({ status: 200, body: {} });
    const fresh = a.jar.get(ACCESS)!;
    expect(fresh).not.toBe(expired);
    expect(claimsOf(fresh).sub).toBe(claims.sub);
    expect((claimsOf(fresh).exp as number) > Date.now() / 1000).toBe(true);

    const retried = await a.get('/api/profile');
    expect(retried.status).toBe(200);
    expect(retried.body.answer).toEqual({ first_name: 'Grace' });
  });

  it('refuses to refresh without a refresh token, with a forged one, and after logout', async () => {
    const a = await registeredApplicant(baseUrl);
    a.jar.set(ACCESS, expiredCopy(a.jar.get(ACCESS)!));
    a.jar.delete(REFRESH);
    expect(await a.post('/public/refresh')).toMatchObject({ status: 401, body: { message: SESSION_INVALID } });

    a.jar.set(REFRESH, 'forged-refresh-token-value-0123456789');
    expect(await a.post('/public/refresh')).toMatchObject({ status: 401, body: { message: SESSION_INVALID } });
    expect((await a.get('/api/profile')).status).toBe(401);

    // After logout the session's real refresh token renews nothing.
    const b = await registeredApplicant(baseUrl);
    const bRefresh = b.jar.get(REFRESH)!;
    const bAccess = b.jar.get(ACCESS)!;
    expect((await b.get('/api/logout')).status).toBe(200);
    b.jar.set(ACCESS, expiredCopy(bAccess));
    b.jar.set(REFRESH, bRefresh);
    expect(await b.post('/public/refresh')).toMatchObject({ status: 401, body: { message: SESSION_INVALID } });
    expect((await b.get('/api/profile')).status).toBe(401);
  });
});
