/**
 * The applicant's e-mail address as the identity provider holds it, for submit (the office's
 * list, search and exports name it). In AWS this is Cognito's GetUser, sent as the Cognito client
 * sends it but without the client (../signed-request.ts): its service model would make up a
 * tenth of the submit route's bundle. GetUser is authorised by the user's own access token, so
 * the request is not signed (the client sends it unsigned too) and the route needs no IAM.
 */
import type { HttpRequest } from '@smithy/core/protocols';
import { config } from '#lambdas/config';
import { dnsSuffix, postRequest, sendRequest } from '../signed-request';
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

/** Sends a Cognito operation the SDK sends unsigned and answers its JSON; an error as the SDK throws it (its `name` the exception's). */
async function unsignedCall(operation: 'GetUserCommand', payload: unknown): Promise<Record<string, unknown>> {
  const { region, cognitoEndpoint } = config();
  const name = operation.replace(/Command$/, '');
  const reply = await sendRequest(undefined, () => cognitoRequest(region, name, payload, cognitoEndpoint), { readBody: true });
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

/** Cognito's GetUser with the user's own access token: the `email` attribute, lower-cased. */
export async function cognitoVerifiedEmail(accessToken: string): Promise<string> {
  const out = await unsignedCall('GetUserCommand', { AccessToken: accessToken });
  const attributes = Array.isArray(out.UserAttributes) ? (out.UserAttributes as Array<{ Name?: unknown; Value?: unknown }>) : [];
  const email = attributes.find((a) => a.Name === 'email')?.Value;
  // Sign-up sets the attribute and confirmation verifies it; a user without one is a broken account.
  if (typeof email !== 'string' || !email) throw new Error('The Cognito user has no email attribute.');
  return email.toLowerCase();
}

/** The access token's user's e-mail address, from this process's identity provider (Cognito in AWS, the embedded one locally). */
export function verifiedEmail(accessToken: string): Promise<string> {
  return config().identityProvider === 'local' ? registeredLocalIdentity().verifiedEmail(accessToken) : cognitoVerifiedEmail(accessToken);
}
