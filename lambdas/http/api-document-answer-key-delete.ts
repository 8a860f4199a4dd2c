import { routeRow } from '#lambdas/route-row';
import { lockedAfterSubmit } from '#middleware/submitted-lock';
import { httpHandler } from '#middleware/access/applicant';
import { config } from '#lambdas/config';
import { deleteDocument } from '#adapters/document-answers-store';
import { deleteObject } from '#adapters/storage/signed-objects';
import { ownUpload } from '#domain/documents/keys';
import { parseDocumentKey } from '#domain/documents/files';

/** DELETE /api/document-answer/{key}: removes the document answer, the uploaded original and its conversion. Idempotent. */
export const handler = httpHandler(lockedAfterSubmit(routeRow('deleteDocument', { access: 'applicant', lockedAfterSubmit: true })), async ({ applicant, path }) => {
  const key = parseDocumentKey(path.key);
  const removed = await deleteDocument(applicant.sub, key);
  if (removed && typeof ownUpload(applicant.sub, key, removed.file_key) === 'object') {
    await deleteObject(config().uploadsBucket, removed.file_key);
  }
  // Only keys under the caller's own converted/ prefix are ever stored; checked again before deleting.
  if (removed?.converted_key?.startsWith(`converted/${applicant.sub}/${key}/`)) await deleteObject(config().documentsBucket, removed.converted_key);
  return { message: 'Your file was deleted.' };
});
