/**
 * One way to verify a pool's access tokens, for the applicant and the staff pools alike:
 * signature (RS256, the pool's JWKS), issuer, token use and client; expiry reported apart, so a
 * caller can refresh. In AWS the JWKS comes from the pool's well-known URL; an emulator's
 * (cognito-local, over http) through a plain fetcher; the local stack's provider hands its keys over.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import { SimpleJwksCache, type Jwks } from 'aws-jwt-verify/jwk';
import type { AccessClaims, VerifyResult } from '#domain/ports/identity';
import { config } from '#lambdas/config';

export interface PoolTokens {
  poolId: string;
  clientId: string;
  /** The local stack's provider: its issuer and keys (nothing is fetched). */
  local?: { issuer: string; jwks: Jwks };
}

export type { VerifyResult };

/** aws-jwt-verify fetches keys over https only; an emulator serves them over http. */
const plainFetcher = {
  fetch: async (uri: string): Promise<ArrayBuffer> => {
    const response = await fetch(uri);
    if (!response.ok) throw new Error(`JWKS request failed: ${response.status}`);
    return response.arrayBuffer();
  },
};

export interface AccessTokenVerifier {
  verify(token: string): Promise<VerifyResult>;
}

/** A verifier of one pool's RS256 access tokens (issuer, keys, `token_use`), with a check of its own. */
export function poolJwtVerifier(pool: Omit<PoolTokens, 'clientId'>, check: (payload: Record<string, unknown>) => void) {
  const c = config();
  const local = c.identityProvider === 'local';
  const issuer = local
    ? (pool.local?.issuer ?? 'unregistered-local-issuer')
    : `${c.cognitoEndpoint || `https://cognito-idp.${c.region}.amazonaws.com`}/${pool.poolId}`;
  const emulated = !local && c.cognitoEndpoint ? { jwksCache: new SimpleJwksCache({ fetcher: plainFetcher }) } : undefined;
  const verifier = JwtRsaVerifier.create(
    {
      issuer,
      // Cognito access tokens carry client_id instead of aud: checked here.
      audience: null,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('not an access token');
        check(payload);
      },
    },
    emulated,
  );
  if (local && pool.local) verifier.cacheJwks(pool.local.jwks);
  return verifier;
}

export function accessTokenVerifier(pool: PoolTokens): AccessTokenVerifier {
  const verifier = poolJwtVerifier(pool, (payload) => {
    if (payload.client_id !== pool.clientId) throw new Error('token issued for another client');
  });
  return {
    async verify(token) {
      try {
        const payload = await verifier.verify(token);
        if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return { ok: false, expired: false };
        const username = typeof payload.username === 'string' ? payload.username : payload.sub;
        const claims: AccessClaims = { sub: payload.sub, username, iat: payload.iat, exp: payload.exp };
        if (typeof payload.origin_jti === 'string') claims.origin_jti = payload.origin_jti;
        if (typeof payload.jti === 'string') claims.jti = payload.jti;
        if (typeof payload.auth_time === 'number') claims.auth_time = payload.auth_time;
        const groups = payload['cognito:groups'];
        if (Array.isArray(groups)) claims.groups = groups.filter((g): g is string => typeof g === 'string');
        return { ok: true, claims };
      } catch (error) {
        return { ok: false, expired: error instanceof JwtExpiredError };
      }
    },
  };
}
