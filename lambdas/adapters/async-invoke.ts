/**
 * Asks another Lambda to run without waiting for it (an asynchronous `Invoke`: Lambda queues the
 * event and retries it, then dead-letters it), signed without the Lambda client
 * (./signed-request.ts): the client would bring its whole service model into the route bundles
 * that only ever queue an event. The request is the one the client sends for
 * `InvokeCommand({ InvocationType: 'Event' })` (async-invoke.test.ts compares them).
 */
import { HttpRequest } from '@smithy/core/protocols';
import { config } from '#lambdas/config';
import { awsCredentials, dnsSuffix, refused, sendSigned, signer } from './signed-request';

/** The unsigned request of an asynchronous invocation of `functionName` with `payload` as its event. */
export function invokeRequest(region: string, functionName: string, payload: unknown): HttpRequest {
  const hostname = `lambda.${region}.${dnsSuffix(region)}`;
  const body = new TextEncoder().encode(JSON.stringify(payload));
  return new HttpRequest({
    method: 'POST',
    protocol: 'https:',
    hostname,
    path: `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
    headers: { host: hostname, 'content-type': 'application/octet-stream', 'content-length': String(body.byteLength), 'x-amz-invocation-type': 'Event' },
    body,
  });
}

/** Queues `payload` for `functionName`; throws when Lambda does not accept it (202). */
export async function signedInvoke(operation: 'InvokeCommand', functionName: string, payload: unknown): Promise<void> {
  const region = config().region;
  const { status } = await sendSigned(signer('lambda', region, awsCredentials()), () => invokeRequest(region, functionName, payload));
  if (status !== 202) throw refused(`Lambda ${operation} of ${functionName}`, status);
}
