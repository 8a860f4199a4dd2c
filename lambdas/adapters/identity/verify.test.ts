import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setConfig } from '#lambdas/config';
import { loadOrCreateSigningKey, signJwt, type SigningKey } from '#local/identity/keys';
import type { LocalApplicantIdentity } from './registered-local';
import { registerLocalIdentity, verifyAccessToken } from '.';

const ISSUER = 'http://localhost:1/_local-idp';
let dir: string;
let key: SigningKey;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jwt-cache-'));
  key = loadOrCreateSigningKey(dir);
  setConfig({ identityProvider: 'local', userPoolClientId: 'client-a' });
  registerLocalIdentity({ issuer: ISSUER, jwks: key.jwks, provider: {} as LocalApplicantIdentity });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

function token(expiresIn: number, extra: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(key, {
    iss: ISSUER,
    sub: 'sub-1',
    username: 'a@example.edu',
    token_use: 'access',
    client_id: 'client-a',
    iat: now,
    exp: now + expiresIn,
    ...extra,
  });
}

describe('access-token verification with its per-container memory of verified tokens', () => {
  it('answers a token again from memory until it expires, then as expired', async () => {
    const t = token(60);
    expect(await verifyAccessToken(t)).toMatchObject({ ok: true, claims: { sub: 'sub-1' } });
    expect(await verifyAccessToken(t)).toMatchObject({ ok: true, claims: { sub: 'sub-1' } });
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    expect(await verifyAccessToken(t)).toEqual({ ok: false, expired: true });
  });

  it('never remembers a token that failed: a tampered copy of a verified one is refused', async () => {
    const t = token(60);
    expect((await verifyAccessToken(t)).ok).toBe(true);
    const [h, p, s] = t.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'sub-2' })).toString('base64url')}.${s}`;
    expect(await verifyAccessToken(forged)).toEqual({ ok: false, expired: false });
    expect(await verifyAccessToken(token(60, { client_id: 'client-b' }))).toEqual({ ok: false, expired: false });
  });

  it('forgets what it verified when the configuration changes (another pool or client)', async () => {
    const t = token(60);
    expect((await verifyAccessToken(t)).ok).toBe(true);
    setConfig({ identityProvider: 'local', userPoolClientId: 'client-b' });
    expect(await verifyAccessToken(t)).toEqual({ ok: false, expired: false });
    setConfig({ identityProvider: 'local', userPoolClientId: 'client-a' });
  });
});
