import { httpHandler } from '../middleware/http';
import { config } from '../config';
import { presignUpload } from '../adapters/storage/objects';
import { FILE_MAX_BYTES, newUploadId, parsePresignRequest, uploadKey } from '../domain/documents';

/** POST /api/presigned-url {answer_key}: a presigned POST for a key the server chooses under the caller's prefix. */
export const handler = httpHandler({ name: 'presignedUrl', access: 'applicant', body: parsePresignRequest }, async ({ applicant, body }) => {
  const key = uploadKey({ sub: applicant.sub, answerKey: body.answerKey, uploadId: newUploadId() });
  return presignUpload(config().uploadsBucket, key, FILE_MAX_BYTES);
});
