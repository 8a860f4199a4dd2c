import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/applicant';
import { config } from '#lambdas/config';
import { presignUpload } from '#adapters/storage/signed-objects';
import { grantUpload } from '#adapters/upload-grants';
import { FILE_MAX_BYTES } from '#domain/documents/files';
import { newUploadId, uploadKey } from '#domain/documents/keys';
import { grantUploadInput } from '#form/wire/documents';

/**
 * POST /api/presigned-url {answer_key}: a presigned POST for a key the server chooses under the
 * caller's prefix. The key is recorded first: only recorded keys ever become documents.
 */
export const handler = httpHandler(route('grantUpload'), grantUploadInput, async ({ applicant, body }) => {
  const ref = { sub: applicant.sub, answerKey: body.answerKey, uploadId: newUploadId() };
  await grantUpload(ref);
  return presignUpload(config().uploadsBucket, uploadKey(ref), FILE_MAX_BYTES);
});
