/**
 * The local provider's RS256 signing key, created once and kept in the data directory so
 * sessions survive a restart, and its JWKS for the verifier.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Jwks } from 'aws-jwt-verify/jwk';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  jwks: Jwks;
}

export function loadOrCreateSigningKey(dataDir: string): SigningKey {
  const file = join(dataDir, 'local-idp-key.pem');
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  const privateKey = createPrivateKey(readFileSync(file));
  const publicJwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const kid = createHash('sha256').update(`${publicJwk.n}.${publicJwk.e}`).digest('base64url').slice(0, 16);
  const jwks = { keys: [{ kty: 'RSA', n: publicJwk.n, e: publicJwk.e, kid, alg: 'RS256', use: 'sig' }] } as Jwks;
  return { kid, privateKey, jwks };
}

export function signJwt(key: SigningKey, payload: Record<string, unknown>): string {
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: key.kid, typ: 'JWT' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${body}`), key.privateKey).toString('base64url');
  return `${header}.${body}.${signature}`;
}
