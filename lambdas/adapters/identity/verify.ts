/**
 * Verifies applicant access tokens: the Cognito pool's in AWS, the local provider's in the local
 * stack. No Cognito client here: every applicant route verifies, and only the account routes
 * (signing in, refreshing, signing out) talk to the provider (index.ts). Nor the local stack's
 * registry (registered-local.ts), which no deployed Lambda has: the stack hands the keys over.
 */
import type { AccessClaims } from '#domain/ports/identity';
import { config, onConfigChange } from '#lambdas/config';
import { accessTokenVerifier, type AccessTokenVerifier, type PoolTokens, type VerifyResult } from './verifier';

export type { VerifyResult };

let verifier: AccessTokenVerifier | undefined;

/**
 * Tokens this container has verified, until they expire: a token's signature cannot change, so
 * re-checking it on each of an applicant's calls only spends CPU (a fifth of a millisecond,
 * measured under load). Revocation is checked per request elsewhere (the session record).
 * Bounded; the oldest entries go first.
 */
const verified = new Map<string, AccessClaims>();
const MAX_VERIFIED = 5_000;

function forget(): void {
  verifier = undefined;
  verified.clear();
}
onConfigChange(forget);

/** The local stack's provider's issuer and keys (undefined in AWS). */
let localTokens: PoolTokens['local'];

/** The local stack registered its provider (index.ts passes its issuer and keys on). */
export function trustLocalTokens(tokens: PoolTokens['local']): void {
  localTokens = tokens;
  forget();
}

function rememberVerified(token: string, claims: AccessClaims): void {
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
  verified.set(token, claims);
}

/** Verifies an access token's signature, issuer, client and expiry. Never throws for bad tokens. */
export async function verifyAccessToken(token: string): Promise<VerifyResult> {
  if (!verifier) {
    const c = config();
    verifier = accessTokenVerifier({ poolId: c.userPoolId, clientId: c.userPoolClientId, ...(localTokens ? { local: localTokens } : {}) });
  }
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
