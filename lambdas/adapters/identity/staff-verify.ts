/**
 * Verifies staff access tokens against the staff pool and the staff client only, so an
 * applicant's token (other pool, other client) never opens a staff route, and a staff token no
 * applicant route. No Cognito client here (see staff.ts for the provider), nor the local stack's
 * registry: the stack hands its keys over (staff.ts).
 */
import { config, onConfigChange } from '#lambdas/config';
import { accessTokenVerifier, type AccessTokenVerifier, type PoolTokens, type VerifyResult } from './verifier';

export type StaffVerifyResult = VerifyResult;

let verifier: AccessTokenVerifier | undefined;
onConfigChange(() => (verifier = undefined));

/** The local stack's provider's issuer and keys (undefined in AWS). */
let localTokens: PoolTokens['local'];

/** The local stack registered its staff provider (staff.ts passes its issuer and keys on). */
export function trustLocalStaffTokens(tokens: PoolTokens['local']): void {
  localTokens = tokens;
  verifier = undefined;
}

/** Verifies a staff access token (signature, issuer, staff client, expiry). Never throws for bad tokens. */
export async function verifyStaffAccessToken(token: string): Promise<StaffVerifyResult> {
  if (!verifier) {
    const c = config();
    verifier = accessTokenVerifier({ poolId: c.staffUserPoolId, clientId: c.staffUserPoolClientId, ...(localTokens ? { local: localTokens } : {}) });
  }
  return verifier.verify(token);
}
