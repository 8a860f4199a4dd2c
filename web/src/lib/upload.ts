import type { PresignedPost } from '#form/wire/responses';
import { ApiError, call } from './api-client';
import { genericErrorMessage } from './messages';

/**
 * Sends a file straight to the bucket with a presigned POST the server granted (no-cors: the
 * bucket's answer is opaque). Conversion runs on the bucket's event.
 */
export async function sendToBucket({ url, fields }: PresignedPost, file: File): Promise<void> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', file);
  try {
    await fetch(url, { method: 'POST', body, mode: 'no-cors' });
  } catch {
    throw new ApiError(genericErrorMessage(), 0);
  }
}

/**
 * A file's way to storage, for the form's documents and the materials added after submission
 * alike: ask the server for a presigned POST, send the file to the bucket, then tell the server
 * which upload it was.
 */
export async function uploadThroughPresignedPost(
  grant: 'grantUpload' | 'grantSupplementUpload',
  attach: 'attachUpload' | 'attachSupplement',
  key: string,
  file: File,
): Promise<void> {
  const granted = await call(grant, { body: { answer_key: key } });
  await sendToBucket(granted, file);
  await call(attach, { path: { key }, body: { file_key: granted.fields.key ?? '', file_name: file.name } });
}
