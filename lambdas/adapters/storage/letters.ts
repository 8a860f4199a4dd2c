/** The recommenders' letters: uploaded to the uploads bucket, converted into the documents bucket. */
import type { LetterUploads } from '#domain/ports/recommendations';
import { config } from '#lambdas/config';
import { presignDownload, presignUpload } from './signed-objects';

export const letterUploads: LetterUploads = {
  presignUpload: (key, maxBytes) => presignUpload(config().uploadsBucket, key, maxBytes),
  presignLetterDownload: (key, fileName) => presignDownload(config().documentsBucket, key, fileName),
};
