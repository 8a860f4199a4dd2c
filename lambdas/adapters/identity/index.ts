/**
 * Which identity provider and token verifier this process uses. In AWS: Cognito, whose JWKS
 * is fetched from the pool's well-known URL. In the local stack: the embedded provider,
 * registered at start-up together with its issuer and JWKS (so nothing is fetched).
 */
import type { Jwks } from 'aws-jwt-verify/jwk';
import { accessTokenVerifier, type VerifyResult } from './verifier';
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
  return accessTokenVerifier({ poolId: c.userPoolId, clientId: c.userPoolClientId, local });
}

export type { VerifyResult };

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
  const result = await verifier.verify(token);
  if (result.ok) rememberVerified(token, result.claims);
  return result;
}
