/**
 * AWS calls signed with the SDK's own SigV4 signer and sent with its HTTP handler, for the few
 * calls a route makes whose SDK client would weigh more than the route itself: the client brings
 * its whole service model into the bundle (esbuild cannot drop its schema module, whose objects
 * have computed keys: aws/aws-sdk-js-v3#7607), about 100 KB for S3 and 70 KB for Lambda of a
 * route's 480. The signer, the credential chain and the HTTP handler are in every bundle already
 * with the DynamoDB client. Each call is named by the SDK command it stands for
 * (`signedSend('HeadObjectCommand', …)`), so the grants read it as that command
 * (test/infra/adapter-calls.ts).
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { HttpRequest } from '@smithy/core/protocols';
import { Hash } from '@smithy/core/serde';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';

export const sha256 = Hash.bind(null, 'sha256');

/** As the SDK's clients retry (their default of 3 attempts) a throttled or failed call. */
const MAX_ATTEMPTS = 3;

let chain: AwsCredentialIdentityProvider | undefined;
/** The SDK's default credential chain (in Lambda: the role's keys from the environment), resolved once and refreshed as it expires. */
export function awsCredentials(): AwsCredentialIdentityProvider {
  chain ??= defaultProvider();
  return chain;
}

/** The DNS suffix of a region's partition (the China regions have their own). */
export const dnsSuffix = (region: string) => (region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com');

export function signer(
  service: string,
  region: string,
  credentials: AwsCredentialIdentity | AwsCredentialIdentityProvider,
  options: { uriEscapePath?: boolean } = {},
): SignatureV4 {
  return new SignatureV4({ service, region, credentials, sha256, uriEscapePath: options.uriEscapePath ?? true, applyChecksum: false });
}

/**
 * A POST of `body` to `path` under a service's endpoint (`https://<host>` in AWS, the local
 * stack's stand-in where one is configured), with the host and length headers every call needs.
 */
export function postRequest(endpoint: string, path: string, headers: Record<string, string>, body: Uint8Array): HttpRequest {
  const url = new URL(endpoint);
  const port = url.port ? Number(url.port) : undefined;
  return new HttpRequest({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    ...(port ? { port } : {}),
    path: `${url.pathname.replace(/\/$/, '')}${path}`,
    headers: { host: `${url.hostname}${port ? `:${port}` : ''}`, 'content-length': String(body.byteLength), ...headers },
    body,
  });
}

let handler: NodeHttpHandler | undefined;

export interface SignedReply {
  status: number;
  headers: Record<string, string>;
}

/** A reply whose body was read (`readBody`): S3's XML answers, Cognito's JSON ones. */
export interface SignedReplyWithBody extends SignedReply {
  body: string;
}

/** A reply whose body was read as bytes (`readBody: 'bytes'`): an object's contents. */
export interface SignedReplyWithBytes extends SignedReply {
  bytes: Uint8Array;
}

const retryable = (status: number) => status === 429 || status >= 500;
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));

async function bytesOf(body: unknown): Promise<Buffer> {
  if (!body || typeof (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] !== 'function') return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Signs (unless `sign` is undefined: a call the SDK itself sends unsigned, such as
 * Cognito's token-authorised operations) and sends `build()`'s request (built afresh for each attempt, as the
 * signature dates it), and answers its status and headers, and its body when `readBody` asks for
 * it (as text, or as bytes with `readBody: 'bytes'`; else the body is discarded). Retries a throttled or failed call as the SDK does.
 */
export async function sendRequest(sign: SignatureV4 | undefined, build: () => HttpRequest, options: { readBody: true }): Promise<SignedReplyWithBody>;
export async function sendRequest(sign: SignatureV4 | undefined, build: () => HttpRequest, options: { readBody: 'bytes' }): Promise<SignedReplyWithBytes>;
export async function sendRequest(sign: SignatureV4 | undefined, build: () => HttpRequest, options?: { readBody?: boolean }): Promise<SignedReply>;
export async function sendRequest(
  sign: SignatureV4 | undefined,
  build: () => HttpRequest,
  options: { readBody?: boolean | 'bytes' } = {},
): Promise<SignedReply | SignedReplyWithBody | SignedReplyWithBytes> {
  handler ??= new NodeHttpHandler();
  for (let attempt = 1; ; attempt++) {
    const request = sign ? ((await sign.sign(build())) as HttpRequest) : build();
    try {
      const { response } = await handler.handle(request);
      if (retryable(response.statusCode) && attempt < MAX_ATTEMPTS) {
        (response.body as NodeJS.ReadableStream | undefined)?.resume?.();
        await backoff(attempt);
        continue;
      }
      if (options.readBody === 'bytes') return { status: response.statusCode, headers: response.headers, bytes: new Uint8Array(await bytesOf(response.body)) };
      if (options.readBody) return { status: response.statusCode, headers: response.headers, body: (await bytesOf(response.body)).toString('utf8') };
      (response.body as NodeJS.ReadableStream | undefined)?.resume?.();
      return { status: response.statusCode, headers: response.headers };
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      await backoff(attempt);
    }
  }
}

/** Signs and sends `build()`'s request and answers its status and headers; the body is discarded. */
export function sendSigned(sign: SignatureV4, build: () => HttpRequest): Promise<SignedReply> {
  return sendRequest(sign, build);
}

/** An error for a call AWS refused, with the status where the SDK's errors keep it. */
export function refused(call: string, status: number): Error {
  return Object.assign(new Error(`${call.replace(/Command$/, '')} answered ${status}`), { $metadata: { httpStatusCode: status } });
}
