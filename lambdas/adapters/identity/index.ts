/**
 * Which identity provider this process uses: Cognito in AWS, the embedded provider in the local
 * stack (registered at start-up, local.ts). Only the routes that talk to the provider import
 * this module; verifying a token needs only verify.ts.
 */
import type { IdentityProvider } from '#domain/ports/identity';
import { config, onConfigChange } from '#lambdas/config';
import { CognitoIdentity } from './cognito';
import { localIdentity, onLocalRegistration, registeredLocalIdentity } from './registered-local';
import { trustLocalTokens } from './verify';

export * from '#domain/ports/identity';
export { registerLocalIdentity } from './registered-local';
export { verifyAccessToken } from './verify';

// The local stack registers its provider through here: the verifier trusts its keys.
onLocalRegistration(() => trustLocalTokens(localIdentity()));

let cognito: CognitoIdentity | undefined;
onConfigChange(() => (cognito = undefined));

export function identity(): IdentityProvider {
  if (config().identityProvider === 'local') return registeredLocalIdentity();
  cognito ??= new CognitoIdentity();
  return cognito;
}
