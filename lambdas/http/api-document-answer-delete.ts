import { httpHandler } from '../middleware/http';
import { config } from '../config';
import { Conflict } from '../domain/errors';
import { readAnswers } from '../adapters/store/answers-store';
import { deleteDocument } from '../adapters/documents-store';
import { deleteObject } from '../adapters/storage/objects';
import { DOCUMENTS_LOCKED, ownUpload, parseDocumentKey } from '../domain/documents';

/** DELETE /api/document-answer/{key}: removes the document answer and the uploaded original. Idempotent. */
export const handler = httpHandler({ name: 'deleteDocumentAnswer', access: 'applicant' }, async ({ applicant, path }) => {
  const key = parseDocumentKey(path.key);
  if ((await readAnswers(applicant.sub)).submittedAt) throw new Conflict(DOCUMENTS_LOCKED);
  const removed = await deleteDocument(applicant.sub, key);
  if (removed && typeof ownUpload(applicant.sub, key, removed.file_key) === 'object') {
    await deleteObject(config().uploadsBucket, removed.file_key);
  }
  return { message: 'Your file was deleted.' };
});
