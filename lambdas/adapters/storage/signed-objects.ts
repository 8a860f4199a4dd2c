/**
 * The object calls of the API routes, signed without the S3 client (../signed-request.ts): a
 * presigned POST for uploads, a presigned GET for downloads, HEAD for an upload's size,
 * DELETE, GET of a whole object (the data export's PDFs) and the listing the erasure deletes by. The presigned URLs and policies are the ones `@aws-sdk/s3-request-presigner` and
 * `@aws-sdk/s3-presigned-post` make, byte for byte (signed-objects.test.ts compares them); and
 * the calls of a multipart upload, whose bodies the exports write (./streamed-object.ts). The
 * event functions keep the client (./objects.ts) for their reads and writes of object bodies.
 */
import { HttpRequest, buildQueryString } from '@smithy/core/protocols';
import { toHex } from '@smithy/core/serde';
import { createScope, getSigningKey } from '@smithy/signature-v4';
import type { AwsCredentialIdentityProvider } from '@smithy/types';
import type { DownloadLinks, PresignedUpload, UploadsBucket } from '#domain/ports/documents';
import { config, onConfigChange } from '#lambdas/config';
import { awsCredentials, dnsSuffix, refused, sendRequest, sendSigned, sha256, signer, type SignedReplyWithBody } from '../signed-request';

/** A presigned POST is usable for this long; the browser posts at once. */
export const UPLOAD_URL_TTL_SECONDS = 300;

export type { PresignedUpload };

const METHOD = { HeadObjectCommand: 'HEAD', DeleteObjectCommand: 'DELETE', GetObjectCommand: 'GET' } as const;

interface Signing {
  region: string;
  credentials: AwsCredentialIdentityProvider;
  /** Path-style on an explicit endpoint (the local stack's s3rver), virtual-hosted in AWS. */
  endpoint?: URL;
}

let signing: Signing | undefined;
onConfigChange(() => {
  signing = undefined;
});

function current(): Signing {
  if (!signing) {
    const c = config();
    signing = c.s3Endpoint
      ? // s3rver accepts only this key pair.
        { region: c.region, endpoint: new URL(c.s3Endpoint), credentials: () => Promise.resolve({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }) }
      : { region: c.region, credentials: awsCredentials() };
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
  return { protocol: 'https:', hostname: `${bucket}.s3.${s.region}.${dnsSuffix(s.region)}`, port: undefined, path: path || '/' };
}

// S3 signs the path as sent (its keys are encoded once, by encodeKey).
const s3Signer = (s: Signing) => signer('s3', s.region, s.credentials, { uriEscapePath: false });

const urlOf = (r: HttpRequest) => {
  const query = buildQueryString(r.query);
  return `${r.protocol}//${r.hostname}${r.port ? `:${r.port}` : ''}${r.path}${query ? `?${query}` : ''}`;
};

/** A GET link valid for `expiresIn` seconds, as s3-request-presigner makes it for GetObjectCommand. */
async function signedPresign(operation: 'GetObjectCommand', bucket: string, key: string, query: Record<string, string>, expiresIn: number): Promise<string> {
  const s = current();
  const where = locate(s, bucket, key);
  const request = new HttpRequest({
    method: METHOD[operation],
    ...where,
    query: { ...query, 'x-id': 'GetObject' },
    // Spelled as the presigner spells it: the signer hoists it into the query as it is.
    headers: { host: `${where.hostname}${where.port != null ? `:${where.port}` : ''}`, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
  });
  const presigned = await s3Signer(s).presign(request, { expiresIn, unsignableHeaders: new Set(['content-type']), unhoistableHeaders: new Set() });
  return urlOf(presigned as HttpRequest);
}

interface ObjectCall {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Uint8Array;
}

/** The request of one call on an object, its body unsigned as the client sends it without checksums. */
function objectRequest(s: Signing, method: string, bucket: string, key: string, call: ObjectCall): () => HttpRequest {
  const where = locate(s, bucket, key);
  return () =>
    new HttpRequest({
      method,
      ...where,
      ...(call.query ? { query: call.query } : {}),
      headers: {
        host: `${where.hostname}${where.port != null ? `:${where.port}` : ''}`,
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
        ...(call.body ? { 'content-length': String(call.body.byteLength) } : {}),
        ...call.headers,
      },
      ...(call.body ? { body: call.body } : {}),
    });
}

/** Sends a HEAD or DELETE of an object and answers its status and headers. */
function signedSend(operation: 'HeadObjectCommand' | 'DeleteObjectCommand', bucket: string, key: string) {
  const s = current();
  return sendSigned(s3Signer(s), objectRequest(s, METHOD[operation], bucket, key, {}));
}

const MULTIPART_METHOD = {
  CreateMultipartUploadCommand: 'POST',
  UploadPartCommand: 'PUT',
  CompleteMultipartUploadCommand: 'POST',
  AbortMultipartUploadCommand: 'DELETE',
} as const;
export type MultipartCall = keyof typeof MULTIPART_METHOD;

/**
 * One call of a multipart upload on an object, as the S3 client sends it (the operation's query,
 * its headers and body); the reply's body is read (S3 answers these in XML).
 */
export function signedMultipartCall(
  operation: MultipartCall,
  bucket: string,
  key: string,
  call: ObjectCall & { query: Record<string, string> },
): Promise<SignedReplyWithBody> {
  const s = current();
  return sendRequest(s3Signer(s), objectRequest(s, MULTIPART_METHOD[operation], bucket, key, call), { readBody: true });
}

/** GetObject of a whole object, as the client sends it without checksums: its status and body. */
function signedGet(operation: 'GetObjectCommand', bucket: string, key: string) {
  const s = current();
  return sendRequest(s3Signer(s), objectRequest(s, METHOD[operation], bucket, key, { query: { 'x-id': 'GetObject' } }), { readBody: 'bytes' });
}

/**
 * An object's whole body, or undefined when it does not exist: for a route that reads a stored
 * PDF (the data export), without the S3 client the event functions read with (./objects.ts's readWhole).
 */
export async function readWholeObject(bucket: string, key: string): Promise<Uint8Array | undefined> {
  const { status, bytes } = await signedGet('GetObjectCommand', bucket, key);
  if (status === 404) return undefined;
  if (status !== 200) throw refused(`S3 GetObject of ${bucket}`, status);
  return bytes;
}

/** One page of ListObjectsV2 under a prefix, as the client sends it (its body read: S3 answers in XML). */
function signedList(operation: 'ListObjectsV2Command', bucket: string, prefix: string, token: string | undefined) {
  const s = current();
  // The bucket's root with its slash, as the client asks (`/<bucket>/` path-style).
  const where = locate(s, bucket, '');
  const query: Record<string, string> = { 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) };
  return sendRequest(
    s3Signer(s),
    () =>
      new HttpRequest({
        method: 'GET',
        ...where,
        query,
        headers: { host: `${where.hostname}${where.port != null ? `:${where.port}` : ''}`, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      }),
    { readBody: true },
  );
}

/** XML text with its five entities and character references decoded. */
const xmlText = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e === 'amp'
      ? '&'
      : e === 'lt'
        ? '<'
        : e === 'gt'
          ? '>'
          : e === 'quot'
            ? '"'
            : e === 'apos'
              ? "'"
              : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
  );

/** Every key under a prefix (all pages): what the erasure deletes of one applicant, without the S3 client. */
export async function listObjectKeys(bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const { status, body } = await signedList('ListObjectsV2Command', bucket, prefix, token);
    if (status !== 200) throw refused(`S3 ListObjectsV2 of ${bucket}`, status);
    for (const [, contents] of body.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const key = /<Key>([\s\S]*?)<\/Key>/.exec(contents!)?.[1];
      if (key) keys.push(xmlText(key));
    }
    const next = /<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(body)?.[1];
    token = /<IsTruncated>\s*true\s*<\/IsTruncated>/.test(body) && next ? xmlText(next) : undefined;
  } while (token);
  return keys;
}

/** Size of an object, or undefined when it does not exist. */
export async function objectSize(bucket: string, key: string): Promise<number | undefined> {
  const { status, headers } = await signedSend('HeadObjectCommand', bucket, key);
  if (status === 404) return undefined;
  if (status !== 200) throw refused(`S3 HeadObject of ${bucket}`, status);
  return Number(headers['content-length'] ?? 0);
}

/** Idempotent: deleting a missing object succeeds. */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  const { status } = await signedSend('DeleteObjectCommand', bucket, key);
  if (status >= 300 && status !== 404) throw refused(`S3 DeleteObject of ${bucket}`, status);
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
  // Short (DOWNLOAD_URL_TTL_SECONDS, 5 minutes unless configured): the app's download routes sign a new one on every click.
  return signedPresign('GetObjectCommand', bucket, key, query, config().downloadUrlTtlSeconds);
}

/** A short-lived GET link that downloads a PDF under a fixed, safe file name. */
export function presignDownload(bucket: string, key: string, fileName: string): Promise<string> {
  return presignAttachment(bucket, key, fileName, 'application/pdf');
}

/** The documents bucket's download links as the download use-cases see them (domain/ports/documents.ts). */
export const documentDownloads: DownloadLinks = {
  signPdfDownload: (key, fileName) => presignDownload(config().documentsBucket, key, fileName),
};

/** The uploads bucket as the upload use-cases see it (domain/ports/documents.ts). */
export const uploadsBucket: UploadsBucket = {
  presignUpload: (key, maxBytes) => presignUpload(config().uploadsBucket, key, maxBytes),
  uploadSize: (key) => objectSize(config().uploadsBucket, key),
};
