/**
 * Which identity provider and token verifier this process uses. In AWS: Cognito, whose JWKS
 * is fetched from the pool's well-known URL. In the local stack: the embedded provider,
 * registered at start-up together with its issuer and JWKS (so nothing is fetched).
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import { SimpleJwksCache, type Jwks } from 'aws-jwt-verify/jwk';
import { config, onConfigChange } from '../../config';
import { CognitoIdentity } from './cognito';
import type { AccessClaims, IdentityProvider } from './types';

export * from './types';

interface LocalRegistration {
  provider: IdentityProvider;
  issuer: string;
  jwks: Jwks;
}

let local: LocalRegistration | undefined;
let cognito: CognitoIdentity | undefined;
let verifier: ReturnType<typeof createVerifier> | undefined;

/**
 * Tokens this container has verified, until they expire: a token's signature cannot change, so
 * re-checking it on each of an applicant's calls only spends CPU (a fifth of a millisecond,
 * measured under load). Revocation is checked per request elsewhere (the session record).
 * Bounded; the oldest entries go first.
 */
const verified = new Map<string, AccessClaims>();
const MAX_VERIFIED = 5_000;

onConfigChange(() => {
  cognito = undefined;
  verifier = undefined;
  verified.clear();
});

/** Called by the local stack before serving requests. */
export function registerLocalIdentity(registration: LocalRegistration): void {
  local = registration;
  verifier = undefined;
  verified.clear();
}

export function identity(): IdentityProvider {
  if (config().identityProvider === 'local') {
    if (!local) throw new Error('IDENTITY_PROVIDER=local but no local identity provider is registered');
    return local.provider;
  }
  cognito ??= new CognitoIdentity();
  return cognito;
}

function createVerifier() {
  const c = config();
  const clientId = c.userPoolClientId;
  const issuer =
    c.identityProvider === 'local'
      ? (local?.issuer ?? 'unregistered-local-issuer')
      : `${c.cognitoEndpoint || `https://cognito-idp.${c.region}.amazonaws.com`}/${c.userPoolId}`;
  // aws-jwt-verify fetches keys over https only; an emulator (cognito-local) serves them over http.
  const emulated = c.identityProvider === 'cognito' && c.cognitoEndpoint ? { jwksCache: new SimpleJwksCache({ fetcher: plainFetcher }) } : undefined;
  const v = JwtRsaVerifier.create({
    issuer,
    // Cognito access tokens carry client_id instead of aud: checked below.
    audience: null,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (payload.client_id !== clientId) throw new Error('token issued for another client');
    },
  }, emulated);
  if (c.identityProvider === 'local' && local) v.cacheJwks(local.jwks);
  return v;
}

const plainFetcher = {
  fetch: async (uri: string): Promise<ArrayBuffer> => {
    const response = await fetch(uri);
    if (!response.ok) throw new Error(`JWKS request failed: ${response.status}`);
    return response.arrayBuffer();
  },
};

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

function rememberVerified(token: string, claims: AccessClaims): void {
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
  verified.set(token, claims);
}

/** Verifies an access token's signature, issuer, client and expiry. Never throws for bad tokens. */
export async function verifyAccessToken(token: string): Promise<VerifyResult> {
  verifier ??= createVerifier();
  const known = verified.get(token);
  if (known) {
    if (Date.now() / 1000 < known.exp) return { ok: true, claims: known };
    verified.delete(token);
    return { ok: false, expired: true };
  }
  try {
    const payload = await verifier.verify(token);
    if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number' || typeof payload.exp !== 'number') {
      return { ok: false, expired: false };
    }
    const username = typeof payload.username === 'string' ? payload.username : payload.sub;
    const claims: AccessClaims = { sub: payload.sub, username, iat: payload.iat, exp: payload.exp };
    if (typeof payload.origin_jti === 'string') claims.origin_jti = payload.origin_jti;
    if (typeof payload.jti === 'string') claims.jti = payload.jti;
    rememberVerified(token, claims);
    return { ok: true, claims };
  } catch (error) {
    const expired = error instanceof JwtExpiredError;
    return { ok: false, expired };
  }
}
