import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustLocalMachineTokens } from '#adapters/identity/machine-verify';
import { setConfig } from '#lambdas/config';
import { loadOrCreateSigningKey, signJwt, type SigningKey } from '#local/identity/keys';
import { handler } from './authorize-machine-token';

const ISSUER = 'http://localhost:1/_local-idp';
let dirs: string[] = [];
let key: SigningKey;
let other: SigningKey;

const keyIn = () => {
  const dir = mkdtempSync(join(tmpdir(), 'machine-authorizer-'));
  dirs.push(dir);
  return loadOrCreateSigningKey(dir);
};

beforeAll(() => {
  key = keyIn();
  other = keyIn();
  setConfig({ identityProvider: 'local' });
  trustLocalMachineTokens({ issuer: ISSUER, jwks: key.jwks });
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function token(scope: string, { signer = key, expiresIn = 3600 }: { signer?: SigningKey; expiresIn?: number } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(signer, { iss: ISSUER, sub: 'client1', client_id: 'client1', token_use: 'access', scope, iat: now - 10, exp: now + expiresIn });
}

const ask = (routeKey: string, authorization?: string) => handler({ routeKey, headers: authorization ? { authorization } : {} });
const READ = 'GET /sis/v1/applications/{id}';
const DECIDE = 'PUT /sis/v1/applications/{id}/decision';

describe("the machine routes' authorizer", () => {
  it("admits a token of the machine pool holding the route's scope, whichever client it names", async () => {
    expect(await ask(READ, `Bearer ${token('sis/applications.read')}`)).toEqual({ isAuthorized: true });
    expect(await ask(DECIDE, `Bearer ${token('sis/applications.read sis/decisions.write')}`)).toEqual({ isAuthorized: true });
  });

  it("refuses a token without the route's scope, another key's, an expired one, no bearer token, and a route that is no machine route", async () => {
    expect(await ask(DECIDE, `Bearer ${token('sis/applications.read')}`)).toEqual({ isAuthorized: false });
    expect(await ask(READ, `Bearer ${token('sis/applications.read', { signer: other })}`)).toEqual({ isAuthorized: false });
    expect(await ask(READ, `Bearer ${token('sis/applications.read', { expiresIn: -60 })}`)).toEqual({ isAuthorized: false });
    expect(await ask(READ)).toEqual({ isAuthorized: false });
    expect(await ask(READ, `Basic ${Buffer.from('a:b').toString('base64')}`)).toEqual({ isAuthorized: false });
    expect(await ask('GET /api/profile', `Bearer ${token('sis/applications.read')}`)).toEqual({ isAuthorized: false });
  });
});
