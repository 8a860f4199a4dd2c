import { httpHandler } from '../middleware/http';
import { config } from '../config';
import { deleteDocument } from '../adapters/documents-store';
import { deleteObject } from '../adapters/storage/objects';
import { DOCUMENTS_LOCKED, ownUpload, parseDocumentKey } from '../domain/documents';
import { refuseAfterSubmission } from './submitted-lock';

/** DELETE /api/document-answer/{key}: removes the document answer, the uploaded original and its conversion. Idempotent. */
export const handler = httpHandler({ name: 'deleteDocumentAnswer', access: 'applicant' }, async ({ applicant, path }) => {
  const key = parseDocumentKey(path.key);
  await refuseAfterSubmission(applicant.sub, DOCUMENTS_LOCKED);
  const removed = await deleteDocument(applicant.sub, key);
  if (removed && typeof ownUpload(applicant.sub, key, removed.file_key) === 'object') {
    await deleteObject(config().uploadsBucket, removed.file_key);
  }
  // Only keys under the caller's own converted/ prefix are ever stored; checked again before deleting.
  if (removed?.converted_key?.startsWith(`converted/${applicant.sub}/${key}/`)) await deleteObject(config().documentsBucket, removed.converted_key);
  return { message: 'Your file was deleted.' };
});
