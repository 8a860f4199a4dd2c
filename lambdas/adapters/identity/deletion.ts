/**
 * Deleting an applicant's identity: AdminDeleteUser by `sub` on the applicants' pool, which only
 * the retention function may call (lib/retention.ts; the erasures of a route hand it the
 * identity, adapters/retention/identity-erasure.ts). Apart from the identity provider's other
 * operations (cognito.ts), so the one Lambda that deletes identities carries no other Cognito call,
 * and no other Lambda carries this one.
 */
import { AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config, onConfigChange } from '#lambdas/config';
import { registeredLocalIdentity } from './registered-local';

let client: CognitoIdentityProviderClient | undefined;
onConfigChange(() => (client = undefined));

/** Deletes the user; succeeds when there is no such user. By `sub`: a rerun can never reach a newer account of the same e-mail. */
export async function deleteIdentity(sub: string): Promise<void> {
  const c = config();
  if (c.identityProvider === 'local') return registeredLocalIdentity().adminDeleteUser(sub);
  client ??= new CognitoIdentityProviderClient({ region: c.region });
  try {
    await client.send(new AdminDeleteUserCommand({ UserPoolId: c.userPoolId, Username: sub }));
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return;
    throw error;
  }
}
