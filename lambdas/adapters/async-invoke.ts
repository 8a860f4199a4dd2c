/**
 * Asks another Lambda to run without waiting for it (an asynchronous `Invoke`: Lambda queues the
 * event and retries it, then dead-letters it), signed without the Lambda client
 * (./signed-request.ts): the client would bring its whole service model into the route bundles
 * that only ever queue an event. The request is the one the client sends for
 * `InvokeCommand({ InvocationType: 'Event' })` (async-invoke.test.ts compares them).
 */
import type { HttpRequest } from '@smithy/core/protocols';
import { config } from '#lambdas/config';
import { awsCredentials, dnsSuffix, postRequest, refused, sendSigned, signer } from './signed-request';

/**
 * The unsigned request of an asynchronous invocation of `functionName` with `payload` as its
 * event: to the region's Lambda API, or to `endpoint` where one is configured.
 */
export function invokeRequest(region: string, functionName: string, payload: unknown, endpoint = ''): HttpRequest {
  const body = new TextEncoder().encode(JSON.stringify(payload));
  return postRequest(endpoint || `https://lambda.${region}.${dnsSuffix(region)}`, `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`, { 'content-type': 'application/octet-stream', 'x-amz-invocation-type': 'Event' }, body);
}

/** Queues `payload` for `functionName`; throws when Lambda does not accept it (202). */
export async function signedInvoke(operation: 'InvokeCommand', functionName: string, payload: unknown): Promise<void> {
  const { region, lambdaEndpoint } = config();
  const { status } = await sendSigned(signer('lambda', region, awsCredentials()), () => invokeRequest(region, functionName, payload, lambdaEndpoint));
  if (status !== 202) throw refused(`Lambda ${operation} of ${functionName}`, status);
}
