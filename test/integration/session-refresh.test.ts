import { describe, expect, inject, it } from 'vitest';
import { loadOrCreateSigningKey, signJwt } from '../../local/identity/keys';
import { registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const ACCESS = 'CognitoIdentityServiceProvider.localclient.accessToken';
const REFRESH = 'CognitoIdentityServiceProvider.localclient.refreshToken';

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

describe('session refresh', () => {
  it('replaces an expired access token using the refresh token, transparently', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', { first_name: 'Grace' });
    const claims = claimsOf(a.jar.get(ACCESS)!);
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt(loadOrCreateSigningKey(dataDir), { ...claims, iat: now - 1000, exp: now - 10 });
    a.jar.set(ACCESS, expired);

    const res = await a.get('/api/profile');
    expect(res.status).toBe(200);
    expect(res.body.answer).toEqual({ first_name: 'Grace' });
    const fresh = a.jar.get(ACCESS)!;
    expect(fresh).not.toBe(expired);
    expect(claimsOf(fresh).sub).toBe(claims.sub);
    expect((claimsOf(fresh).exp as number) > now).toBe(true);
  });

  it('refuses an expired access token when the refresh token is missing or revoked', async () => {
    const a = await registeredApplicant(baseUrl);
    const claims = claimsOf(a.jar.get(ACCESS)!);
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt(loadOrCreateSigningKey(dataDir), { ...claims, iat: now - 1000, exp: now - 10 });
    const refresh = a.jar.get(REFRESH)!;

    a.jar.delete(REFRESH);
    a.jar.set(ACCESS, expired);
    expect((await a.get('/api/profile')).status).toBe(401);

    a.jar.set(REFRESH, 'forged-refresh-token-value-0123456789');
    expect((await a.get('/api/profile')).status).toBe(401);

    // After logout the real refresh token is revoked too.
    const b = await registeredApplicant(baseUrl);
    const bRefresh = b.jar.get(REFRESH)!;
    const bClaims = claimsOf(b.jar.get(ACCESS)!);
    await b.get('/api/logout');
    b.jar.set(ACCESS, signJwt(loadOrCreateSigningKey(dataDir), { ...bClaims, iat: now - 1000, exp: now - 10 }));
    b.jar.set(REFRESH, bRefresh);
    expect((await b.get('/api/profile')).status).toBe(401);
    expect(refresh).toBeTruthy();
  });
});
