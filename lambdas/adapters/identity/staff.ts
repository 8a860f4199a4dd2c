/**
 * Which staff identity provider this process uses: the staff Cognito pool in AWS, the embedded
 * provider's staff users locally (registered by the stack, local.ts). Verifying a staff token
 * needs only staff-verify.ts.
 */
import type { StaffIdentityProvider } from '#domain/ports/staff-identity';
import { config, onConfigChange } from '#lambdas/config';
import { localStaffIdentity, onLocalRegistration } from './registered-local';
import { StaffCognitoIdentity } from './staff-cognito';
import { trustLocalStaffTokens } from './staff-verify';

export { registerLocalStaffIdentity } from './registered-local';

// The local stack registers its staff provider through here: the staff verifier trusts its keys.
onLocalRegistration(() => trustLocalStaffTokens(localStaffIdentity()));

let cognito: StaffCognitoIdentity | undefined;
onConfigChange(() => (cognito = undefined));

export function staffIdentity(): StaffIdentityProvider {
  if (config().identityProvider === 'local') {
    const local = localStaffIdentity();
    if (!local) throw new Error('IDENTITY_PROVIDER=local but no local staff identity provider is registered');
    return local.provider;
  }
  cognito ??= new StaffCognitoIdentity();
  return cognito;
}
