/**
 * The applicant's e-mail address as the identity provider holds it, for submit (the office's
 * list, search and exports name it), the recommenders' invitations and the password re-check of
 * closing an account. In AWS this is Cognito's AdminGetUser by the verified token's `sub`, signed
 * with the route's role (`cognito-idp:AdminGetUser` on the applicants' pool, its row's grant) and
 * sent as the Cognito client sends it but without the client (../signed-request.ts): its service
 * model would make up a tenth of the submit route's bundle. Never GetUser with the applicant's own
 * token: applicant tokens carry no `aws.cognito.signin.user.admin` scope, so Cognito refuses them.
 */
import type { HttpRequest } from '@smithy/core/protocols';
import { accountOf } from '#domain/ports/keys';
import { config } from '#lambdas/config';
import { awsCredentials, dnsSuffix, postRequest, sendRequest, signer } from '../signed-request';
import { registeredLocalIdentity } from './registered-local';

/** The request of a Cognito user-pool operation (JSON 1.1 over POST) to the region's endpoint, or to `endpoint` where one is configured. */
export function cognitoRequest(region: string, operation: string, payload: unknown, endpoint = ''): HttpRequest {
  const body = new TextEncoder().encode(JSON.stringify(payload));
  return postRequest(
    endpoint || `https://cognito-idp.${region}.${dnsSuffix(region)}`,
    '/',
    { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body,
  );
}

/** Signs and sends a Cognito operation and answers its JSON; an error as the SDK throws it (its `name` the exception's). */
async function signedCall(operation: 'AdminGetUserCommand', payload: unknown): Promise<Record<string, unknown>> {
  const { region, cognitoEndpoint } = config();
  const name = operation.replace(/Command$/, '');
  const sign = signer('cognito-idp', region, awsCredentials());
  const reply = await sendRequest(sign, () => cognitoRequest(region, name, payload, cognitoEndpoint), { readBody: true });
  let json: Record<string, unknown> = {};
  try {
    json = reply.body ? (JSON.parse(reply.body) as Record<string, unknown>) : {};
  } catch {
    // Not JSON (a proxy's error page): the status says what went wrong.
  }
  if (reply.status === 200) return json;
  // The exception's name: `__type`, sometimes behind its namespace (`…#NotAuthorizedException`), or the header's (`Name:url`).
  const type = typeof json.__type === 'string' ? json.__type : (reply.headers['x-amzn-errortype'] ?? 'UnknownError');
  const errorName = type.split(':')[0]!.split('#').pop()!;
  const message = typeof json.message === 'string' ? json.message : `Cognito ${name} answered ${reply.status}`;
  throw Object.assign(new Error(message), { name: errorName, $metadata: { httpStatusCode: reply.status } });
}

/** Cognito's AdminGetUser by `sub` (Cognito takes it as the username): the `email` attribute, lower-cased. */
export async function cognitoVerifiedEmail(sub: string): Promise<string> {
  const out = await signedCall('AdminGetUserCommand', { UserPoolId: config().userPoolId, Username: sub });
  const attributes = Array.isArray(out.UserAttributes) ? (out.UserAttributes as Array<{ Name?: unknown; Value?: unknown }>) : [];
  const email = attributes.find((a) => a.Name === 'email')?.Value;
  // Sign-up sets the attribute and confirmation verifies it; a user without one is a broken account.
  if (typeof email !== 'string' || !email) throw new Error('The Cognito user has no email attribute.');
  return email.toLowerCase();
}

/**
 * The user's e-mail address by their `sub`, from this process's identity provider (Cognito in AWS,
 * the embedded one locally); an application's key (domain/ports/keys.ts) names its account's.
 */
export function verifiedEmail(sub: string): Promise<string> {
  const account = accountOf(sub);
  return config().identityProvider === 'local' ? registeredLocalIdentity().verifiedEmail(account) : cognitoVerifiedEmail(account);
}
