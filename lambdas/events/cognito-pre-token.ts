/**
 * Cognito pre token generation trigger (V2_0, the applicants' pool): every access token the pool
 * issues (sign-in, refresh) goes without the `aws.cognito.signin.user.admin` scope Cognito would
 * put in it. That scope is what lets a token act on its own user at Cognito's public API:
 * whoever stole a session cookie could otherwise call DeleteUser or UpdateUserAttributes with it,
 * around the password re-check of closing an account, and leave data without an identity. The
 * routes act on the applicant by their own Admin* calls instead (lambdas/routes.ts). Nothing else
 * changes: the token keeps its claims, and the ID token is not used.
 */
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { withLogContext } from '#adapters/log';
import { USER_ADMIN_SCOPE } from '#domain/ports/identity';

/** The trigger's answer: the event, with the user-admin scope suppressed in the access token. */
export function withoutUserAdminScope(event: PreTokenGenerationV2TriggerEvent): PreTokenGenerationV2TriggerEvent {
  event.response = {
    ...event.response,
    claimsAndScopeOverrideDetails: {
      ...event.response?.claimsAndScopeOverrideDetails,
      accessTokenGeneration: { ...event.response?.claimsAndScopeOverrideDetails?.accessTokenGeneration, scopesToSuppress: [USER_ADMIN_SCOPE] },
    },
  };
  return event;
}

// A Lambda handler answers with a promise.
// eslint-disable-next-line @typescript-eslint/require-await
const handle = async (event: PreTokenGenerationV2TriggerEvent): Promise<PreTokenGenerationV2TriggerEvent> => withoutUserAdminScope(event);

export const handler = withLogContext('preTokenGeneration', handle);
