/**
 * The object calls of the API routes, signed with the SDK's own SigV4 signer and sent with its
 * HTTP handler, without the S3 client: a presigned POST for uploads, a presigned GET for
 * downloads, HEAD for an upload's size and DELETE. The S3 client brings its whole service
 * model into a bundle (esbuild cannot drop its schema module, whose objects have computed keys:
 * aws/aws-sdk-js-v3#7607), about 100 KB of a route's 480; the signer, the credential chain
 * and the HTTP handler are in every bundle already with the DynamoDB client. The presigned URLs
 * and policies are the ones `@aws-sdk/s3-request-presigner` and `@aws-sdk/s3-presigned-post`
 * make, byte for byte (signed-objects.test.ts compares them). The event functions keep the
 * client (adapters/storage/objects.ts) for reads and writes of object bodies.
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { HttpRequest, buildQueryString } from '@smithy/core/protocols';
import { Hash, toHex } from '@smithy/core/serde';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { SignatureV4, createScope, getSigningKey } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';
import { config, onConfigChange } from '#lambdas/config';
import type { PresignedUpload, UploadsBucket } from '#domain/ports/documents';

/** A presigned POST is usable for this long; the browser posts at once. */
export const UPLOAD_URL_TTL_SECONDS = 300;
/** A download link of the application PDF. */
export const DOWNLOAD_URL_TTL_SECONDS = 300;

export type { PresignedUpload };

/** The S3 operations sent here; named as the SDK names them, so the grants read them as its calls. */
type SentOperation = 'HeadObjectCommand' | 'DeleteObjectCommand';
const METHOD: Record<SentOperation | 'GetObjectCommand', string> = { HeadObjectCommand: 'HEAD', DeleteObjectCommand: 'DELETE', GetObjectCommand: 'GET' };
/** As the SDK's client retries (its default of 3 attempts) a throttled or failed call. */
const MAX_ATTEMPTS = 3;

const sha256 = Hash.bind(null, 'sha256');

interface Signing {
  region: string;
  credentials: AwsCredentialIdentityProvider;
  /** Path-style on an explicit endpoint (the local stack's s3rver), virtual-hosted in AWS. */
  endpoint?: URL;
}

let signing: Signing | undefined;
let handler: NodeHttpHandler | undefined;
onConfigChange(() => {
  signing = undefined;
});

function current(): Signing {
  if (!signing) {
    const c = config();
    signing = c.s3Endpoint
      ? // s3rver accepts only this key pair.
        { region: c.region, endpoint: new URL(c.s3Endpoint), credentials: () => Promise.resolve({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }) }
      : { region: c.region, credentials: defaultProvider() };
  }
  return signing;
}

/** S3's encoding of a key in a path: each segment as a URI component, `!'()*` too, slashes kept. */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

/** Where an object lives: the request without its method, headers or query. */
function locate(s: Signing, bucket: string, key?: string) {
  const path = key === undefined ? '' : `/${encodeKey(key)}`;
  if (s.endpoint) {
    const e = s.endpoint;
    return { protocol: e.protocol, hostname: e.hostname, port: e.port ? Number(e.port) : undefined, path: `${e.pathname.replace(/\/$/, '')}/${bucket}${path}` };
  }
  return { protocol: 'https:', hostname: `${bucket}.s3.${s.region}.amazonaws.com`, port: undefined, path: path || '/' };
}

const signer = (s: Signing, credentials: AwsCredentialIdentity | AwsCredentialIdentityProvider) =>
  new SignatureV4({ service: 's3', region: s.region, credentials, sha256, uriEscapePath: false, applyChecksum: false });

const urlOf = (r: HttpRequest) => {
  const query = buildQueryString(r.query);
  return `${r.protocol}//${r.hostname}${r.port ? `:${r.port}` : ''}${r.path}${query ? `?${query}` : ''}`;
};

/** A GET link valid for `expiresIn` seconds, as s3-request-presigner makes it for GetObjectCommand. */
async function presignGet(operation: 'GetObjectCommand', bucket: string, key: string, query: Record<string, string>, expiresIn: number): Promise<string> {
  const s = current();
  const where = locate(s, bucket, key);
  const request = new HttpRequest({
    method: METHOD[operation],
    ...where,
    query: { ...query, 'x-id': 'GetObject' },
    // Spelled as the presigner spells it: the signer hoists it into the query as it is.
    headers: { host: `${where.hostname}${where.port != null ? `:${where.port}` : ''}`, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
  });
  const presigned = await signer(s, s.credentials).presign(request, { expiresIn, unsignableHeaders: new Set(['content-type']), unhoistableHeaders: new Set() });
  return urlOf(presigned as HttpRequest);
}

const retryable = (status: number) => status === 429 || status >= 500;

/** Sends a signed request without a body and answers its status (the body, if any, is discarded). */
async function sendSigned(operation: SentOperation, bucket: string, key: string): Promise<{ status: number; headers: Record<string, string> }> {
  const s = current();
  const where = locate(s, bucket, key);
  handler ??= new NodeHttpHandler();
  for (let attempt = 1; ; attempt++) {
    const request = new HttpRequest({
      method: METHOD[operation],
      ...where,
      headers: { host: `${where.hostname}${where.port != null ? `:${where.port}` : ''}`, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    });
    const signed = (await signer(s, s.credentials).sign(request)) as HttpRequest;
    try {
      const { response } = await handler.handle(signed);
      (response.body as NodeJS.ReadableStream | undefined)?.resume?.();
      if (retryable(response.statusCode) && attempt < MAX_ATTEMPTS) {
        await backoff(attempt);
        continue;
      }
      return { status: response.statusCode, headers: response.headers };
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      await backoff(attempt);
    }
  }
}

const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));

function failed(operation: SentOperation, bucket: string, status: number): Error {
  return Object.assign(new Error(`S3 ${operation.replace(/Command$/, '')} on ${bucket} answered ${status}`), { $metadata: { httpStatusCode: status } });
}

/** Size of an object, or undefined when it does not exist. */
export async function objectSize(bucket: string, key: string): Promise<number | undefined> {
  const { status, headers } = await sendSigned('HeadObjectCommand', bucket, key);
  if (status === 404) return undefined;
  if (status !== 200) throw failed('HeadObjectCommand', bucket, status);
  return Number(headers['content-length'] ?? 0);
}

/** Idempotent: deleting a missing object succeeds. */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  const { status } = await sendSigned('DeleteObjectCommand', bucket, key);
  if (status >= 300 && status !== 404) throw failed('DeleteObjectCommand', bucket, status);
}

const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A browser upload form's URL and fields (S3's POST policy, signature version 4), as
 * `@aws-sdk/s3-presigned-post` makes them: the policy holds the conditions, every field and the key.
 */
export async function createPresignedPost(bucket: string, key: string, conditions: unknown[], expiresIn: number): Promise<PresignedUpload> {
  const s = current();
  const now = new Date();
  const signingDate = iso8601(now).replace(/[-:]/g, '');
  const shortDate = signingDate.slice(0, 8);
  const credentials = await s.credentials();
  const fields: Record<string, string> = {
    bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${credentials.accessKeyId}/${createScope(shortDate, s.region, 's3')}`,
    'X-Amz-Date': signingDate,
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
  };
  const policy = {
    expiration: iso8601(new Date(now.valueOf() + expiresIn * 1000)),
    conditions: [...conditions, ...Object.entries(fields).map(([k, v]) => ({ [k]: v })), { key }],
  };
  const encodedPolicy = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  const signingKey = await getSigningKey(sha256, credentials, shortDate, s.region, 's3');
  const hmac = new sha256(signingKey);
  hmac.update(encodedPolicy);
  const where = locate(s, bucket);
  return {
    url: `${where.protocol}//${where.hostname}${where.port ? `:${where.port}` : ''}${where.path}`,
    fields: { ...fields, key, Policy: encodedPolicy, 'X-Amz-Signature': toHex(await hmac.digest()) },
  };
}

/** The key is fixed by the server; the policy bounds the size (S3 enforces it; s3rver does not, so the converter re-checks). */
export function presignUpload(bucket: string, key: string, maxBytes: number): Promise<PresignedUpload> {
  return createPresignedPost(bucket, key, [['content-length-range', 1, maxBytes]], UPLOAD_URL_TTL_SECONDS);
}

/** A short-lived link that downloads the object as `fileName` with its type. */
export function presignAttachment(bucket: string, key: string, fileName: string, contentType: string): Promise<string> {
  const query = {
    'response-content-disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'response-content-type': contentType,
  };
  return presignGet('GetObjectCommand', bucket, key, query, DOWNLOAD_URL_TTL_SECONDS);
}

/** A short-lived GET link that downloads a PDF under a fixed, safe file name. */
export function presignDownload(bucket: string, key: string, fileName: string): Promise<string> {
  return presignAttachment(bucket, key, fileName, 'application/pdf');
}

/** The uploads bucket as the upload use-cases see it (domain/ports/documents.ts). */
export const uploadsBucket: UploadsBucket = {
  presignUpload: (key, maxBytes) => presignUpload(config().uploadsBucket, key, maxBytes),
  uploadSize: (key) => objectSize(config().uploadsBucket, key),
};
