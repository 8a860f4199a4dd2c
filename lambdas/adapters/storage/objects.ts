/**
 * S3 calls of the document features: presigned POST for uploads, bounded reads, PDF writes,
 * deletes and short-lived download links. Only this folder talks to S3 for documents.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../clients';
import { config } from '#lambdas/config';
import type { DownloadLinks, PresignedUpload, UploadsBucket } from '#domain/ports/documents';

/** A presigned POST is usable for this long; the browser posts at once. */
export const UPLOAD_URL_TTL_SECONDS = 300;

export type { PresignedUpload };

/** The key is fixed by the server; the policy bounds the size (S3 enforces it; s3rver does not, so the converter re-checks). */
export async function presignUpload(bucket: string, key: string, maxBytes: number): Promise<PresignedUpload> {
  const { url, fields } = await createPresignedPost(s3Client(), {
    Bucket: bucket,
    Key: key,
    Conditions: [['content-length-range', 1, maxBytes]],
    Expires: UPLOAD_URL_TTL_SECONDS,
  });
  return { url, fields };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** Size of an object, or undefined when it does not exist. */
export async function objectSize(bucket: string, key: string): Promise<number | undefined> {
  try {
    const out = await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return out.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export type BoundedRead = { kind: 'missing' } | { kind: 'tooLarge'; size: number } | { kind: 'ok'; bytes: Uint8Array };

/**
 * Reads an object of at most maxBytes. A larger object is not downloaded at all (a hostile
 * upload cannot make the converter buffer gigabytes); the body is cut off at the limit too,
 * in case the object changed between the two calls.
 */
export async function readObject(bucket: string, key: string, maxBytes: number): Promise<BoundedRead> {
  const size = await objectSize(bucket, key);
  if (size === undefined) return { kind: 'missing' };
  if (size > maxBytes) return { kind: 'tooLarge', size };
  // No ranged GET for an empty object: there is no byte 0 to ask for.
  if (size === 0) return { kind: 'ok', bytes: new Uint8Array() };
  let out;
  try {
    out = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${maxBytes}` }));
  } catch (error) {
    if (isMissing(error)) return { kind: 'missing' };
    throw error;
  }
  const total = totalSize(out.ContentRange) ?? out.ContentLength ?? 0;
  if (total > maxBytes) {
    await out.Body?.transformToWebStream().cancel().catch(() => undefined);
    return { kind: 'tooLarge', size: total };
  }
  const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  if (bytes.length > maxBytes) return { kind: 'tooLarge', size: bytes.length };
  return { kind: 'ok', bytes };
}

function totalSize(contentRange: string | undefined): number | undefined {
  const m = contentRange ? /\/(\d+)$/.exec(contentRange) : null;
  return m ? Number(m[1]) : undefined;
}

export async function readWhole(bucket: string, key: string): Promise<Uint8Array | undefined> {
  try {
    const out = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function putPdf(bucket: string, key: string, bytes: Uint8Array): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'application/pdf', ContentLength: bytes.length }),
  );
}

/** Idempotent: deleting a missing object succeeds. */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  try {
    await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

/**
 * A short-lived GET link (DOWNLOAD_URL_TTL_SECONDS, 5 minutes unless configured) that saves the
 * object under a fixed, safe file name: S3 answers with this Content-Disposition and type.
 */
export async function presignDownload(bucket: string, key: string, fileName: string, contentType = 'application/pdf'): Promise<string> {
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ResponseContentType: contentType,
      ResponseContentDisposition: `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    }),
    { expiresIn: config().downloadUrlTtlSeconds },
  );
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
