/**
 * Verifies staff access tokens against the staff pool and the staff client only, so an
 * applicant's token (other pool, other client) never opens a staff route, and a staff token no
 * applicant route. No Cognito client here (see staff.ts for the provider).
 */
import { config, onConfigChange } from '#lambdas/config';
import { localStaffIdentity, onLocalRegistration } from './registered-local';
import { accessTokenVerifier, type AccessTokenVerifier, type VerifyResult } from './verifier';

export type StaffVerifyResult = VerifyResult;

let verifier: AccessTokenVerifier | undefined;
onConfigChange(() => (verifier = undefined));
onLocalRegistration(() => (verifier = undefined));

/** Verifies a staff access token (signature, issuer, staff client, expiry). Never throws for bad tokens. */
export async function verifyStaffAccessToken(token: string): Promise<StaffVerifyResult> {
  if (!verifier) {
    const c = config();
    const local = localStaffIdentity();
    verifier = accessTokenVerifier({ poolId: c.staffUserPoolId, clientId: c.staffUserPoolClientId, ...(local ? { local } : {}) });
  }
  return verifier.verify(token);
}
