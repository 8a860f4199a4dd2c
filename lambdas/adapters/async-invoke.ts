/**
 * Asks another Lambda to run, mostly without waiting for it (an asynchronous `Invoke`: Lambda queues the
 * event and retries it, then dead-letters it), signed without the Lambda client
 * (./signed-request.ts): the client would bring its whole service model into the route bundles
 * that only ever queue an event. The request is the one the client sends for
 * `InvokeCommand({ InvocationType: 'Event' })` (async-invoke.test.ts compares them).
 */
import type { HttpRequest } from '@smithy/core/protocols';
import { config } from '#lambdas/config';
import { awsCredentials, dnsSuffix, postRequest, refused, sendRequest, sendSigned, signer } from './signed-request';

/** Queued and retried by Lambda (`Event`), or run while the caller waits for its answer (`RequestResponse`). */
export type InvocationType = 'Event' | 'RequestResponse';

/**
 * The unsigned request of an invocation of `functionName` with `payload` as its event
 * (asynchronous unless told otherwise): to the region's Lambda API, or to `endpoint` where one
 * is configured.
 */
export function invokeRequest(region: string, functionName: string, payload: unknown, endpoint = '', type: InvocationType = 'Event'): HttpRequest {
  const body = new TextEncoder().encode(JSON.stringify(payload));
  return postRequest(
    endpoint || `https://lambda.${region}.${dnsSuffix(region)}`,
    `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
    { 'content-type': 'application/octet-stream', 'x-amz-invocation-type': type },
    body,
  );
}

/** Queues `payload` for `functionName`; throws when Lambda does not accept it (202). */
export async function signedInvoke(operation: 'InvokeCommand', functionName: string, payload: unknown): Promise<void> {
  const { region, lambdaEndpoint } = config();
  const { status } = await sendSigned(signer('lambda', region, awsCredentials()), () => invokeRequest(region, functionName, payload, lambdaEndpoint));
  if (status !== 202) throw refused(`Lambda ${operation} of ${functionName}`, status);
}

/**
 * Runs `functionName` with `payload` and waits for it (a `RequestResponse` invoke): answers what
 * the function returned, and throws when Lambda refuses the call or the function failed (Lambda
 * answers 200 then, with `X-Amz-Function-Error` and the error as the body).
 */
export async function signedInvokeAndWait(operation: 'InvokeCommand', functionName: string, payload: unknown): Promise<unknown> {
  const { region, lambdaEndpoint } = config();
  const reply = await sendRequest(
    signer('lambda', region, awsCredentials()),
    () => invokeRequest(region, functionName, payload, lambdaEndpoint, 'RequestResponse'),
    { readBody: true },
  );
  if (reply.status !== 200) throw refused(`Lambda ${operation} of ${functionName}`, reply.status);
  const failed = Object.entries(reply.headers).find(([name]) => name.toLowerCase() === 'x-amz-function-error');
  if (failed) {
    const { errorType, errorMessage } = (JSON.parse(reply.body || '{}') ?? {}) as { errorType?: string; errorMessage?: string };
    throw Object.assign(new Error(`${functionName} failed: ${errorType ?? failed[1]}: ${errorMessage ?? ''}`), { name: 'FunctionError' });
  }
  return reply.body ? (JSON.parse(reply.body) as unknown) : null;
}
