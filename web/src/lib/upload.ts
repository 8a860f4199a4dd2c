import { ApiError, call } from './api-client';
import { GENERIC_ERROR_MESSAGE } from './messages';

/**
 * A file's way to storage, for the form's documents and the materials added after submission
 * alike: ask the server for a presigned POST, send the file straight to the bucket (no-cors: its
 * answer is opaque), then tell the server which upload it was. Conversion runs on the bucket's event.
 */
export async function uploadThroughPresignedPost(
  grant: 'grantUpload' | 'grantSupplementUpload',
  attach: 'attachUpload' | 'attachSupplement',
  key: string,
  file: File,
): Promise<void> {
  const { url, fields } = await call(grant, { body: { answer_key: key } });
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', file);
  try {
    await fetch(url, { method: 'POST', body, mode: 'no-cors' });
  } catch {
    throw new ApiError(GENERIC_ERROR_MESSAGE, 0);
  }
  await call(attach, { path: { key }, body: { file_key: fields.key ?? '', file_name: file.name } });
}
