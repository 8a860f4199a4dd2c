/**
 * S3 calls of the event functions that move object bodies: bounded reads for the converter, PDF
 * writes and reads for the renderer, with the S3 client. The API routes' calls (presigned POST
 * and GET, HEAD, DELETE) are signed requests without the client: ./signed-objects.ts. Only this
 * folder talks to S3 for documents.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../clients';
import { objectSize } from './signed-objects';

// The erasure's listing is signed too, so the routes that erase carry no S3 client.
export { deleteObject, objectSize, listObjectKeys as listKeys } from './signed-objects';

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
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
    await out.Body?.transformToWebStream()
      .cancel()
      .catch(() => undefined);
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
  await s3Client().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'application/pdf', ContentLength: bytes.length }));
}
