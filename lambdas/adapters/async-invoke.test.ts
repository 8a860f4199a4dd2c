import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { HttpRequest } from '@smithy/core/protocols';
import { describe, expect, it } from 'vitest';
import { invokeRequest } from './async-invoke';
import { bodyText, clientHeader, comparedClientConfig, requestLine, sdkRequest } from './sdk-request.test-support';

/** The request the Lambda client sends for an asynchronous invoke, as serialized (before signing). */
function lambdaRequest(
  region: string,
  functionName: string,
  payload: unknown,
  endpoint = '',
  type: 'Event' | 'RequestResponse' = 'Event',
): Promise<HttpRequest> {
  const client = new LambdaClient(comparedClientConfig(region, endpoint));
  return sdkRequest(client, () =>
    client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: type, Payload: new TextEncoder().encode(JSON.stringify(payload)) })),
  );
}

describe('an asynchronous invoke signed without the Lambda client', () => {
  it.each([
    ['us-east-1', 'admissions-RenderPdf-Ab12Cd34', ''],
    ['eu-west-2', 'arn:aws:lambda:eu-west-2:123456789012:function:admissions-Publish', ''],
    ['cn-north-1', 'admissions-Mail', ''],
    // The bundled local stack's Invoke API (AWS_ENDPOINT_URL_LAMBDA).
    ['us-east-1', 'renderPdf', 'http://127.0.0.1:4010'],
    // The office's erasure waits for the retention function to delete the identity.
    ['us-east-1', 'admissions-SweepRetention', '', 'RequestResponse'],
  ] as const)('is the request the client sends (%s, %s, endpoint %s)', async (region, functionName, endpoint, type: 'Event' | 'RequestResponse' = 'Event') => {
    const payload = { sub: 'a1b2-é', nested: { list: [1, 2] } };
    const ours = invokeRequest(region, functionName, payload, endpoint, type);
    const theirs = await lambdaRequest(region, functionName, payload, endpoint, type);
    expect(requestLine(ours)).toEqual(requestLine(theirs));
    // The headers that say what the call is (the client adds its user agent and invocation ids besides).
    for (const h of ['content-type', 'x-amz-invocation-type']) expect(ours.headers[h]).toBe(clientHeader(theirs, h));
    expect(bodyText(ours.body)).toBe(bodyText(theirs.body));
  });
});
