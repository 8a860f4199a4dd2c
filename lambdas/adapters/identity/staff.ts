/**
 * Which staff identity provider and staff token verifier this process uses: the staff Cognito
 * pool in AWS, the embedded provider's staff users locally (registered by the stack). Staff
 * tokens are verified against the staff pool and the staff client only, so an applicant's token
 * (other pool, other client) never opens a staff route, and a staff token no applicant route.
 */
import type { Jwks } from 'aws-jwt-verify/jwk';
import { config, onConfigChange } from '../../config';
import { StaffCognitoIdentity } from './staff-cognito';
import type { StaffIdentityProvider } from './staff-types';
import { accessTokenVerifier, type VerifyResult } from './verifier';

export * from './staff-types';

interface LocalStaffRegistration {
  provider: StaffIdentityProvider;
  issuer: string;
  jwks: Jwks;
}

let local: LocalStaffRegistration | undefined;
let cognito: StaffCognitoIdentity | undefined;
let verifier: ReturnType<typeof createVerifier> | undefined;

onConfigChange(() => {
  cognito = undefined;
  verifier = undefined;
});

export function registerLocalStaffIdentity(registration: LocalStaffRegistration): void {
  local = registration;
  verifier = undefined;
}

export function staffIdentity(): StaffIdentityProvider {
  if (config().identityProvider === 'local') {
    if (!local) throw new Error('IDENTITY_PROVIDER=local but no local staff identity provider is registered');
    return local.provider;
  }
  cognito ??= new StaffCognitoIdentity();
  return cognito;
}

function createVerifier() {
  const c = config();
  return accessTokenVerifier({ poolId: c.staffUserPoolId, clientId: c.staffUserPoolClientId, local });
}

export type StaffVerifyResult = VerifyResult;

/** Verifies a staff access token (signature, issuer, staff client, expiry). Never throws for bad tokens. */
export async function verifyStaffAccessToken(token: string): Promise<StaffVerifyResult> {
  verifier ??= createVerifier();
  return verifier.verify(token);
}
