import { routeRow } from '#lambdas/route-row';
import { lockedAfterSubmit } from '#middleware/submitted-lock';
import { httpHandler } from '#middleware/access/applicant';
import { config } from '#lambdas/config';
import { Conflict, Forbidden, NotFound } from '#domain/errors';
import { attachUpload } from '#adapters/document-answers-store';
import { objectSize } from '#adapters/storage/signed-objects';
import { isAcceptedUpload } from '#adapters/upload-grants';
import { effectiveStatus } from '#domain/documents/status';
import { CONVERSION_MESSAGES, parseDocumentKey } from '#domain/documents/files';
import { ownUpload } from '#domain/documents/keys';
import { attachInput } from '#form/wire/documents';

const UPLOAD_NOT_FOUND = 'We could not find your uploaded file. Please upload it again.';

/**
 * POST /api/pdf/document-answer/{key} {file_key, file_name}: records the caller's own upload as
 * the question's document answer. Conversion itself runs on the bucket's upload event.
 */
export const handler = httpHandler(lockedAfterSubmit(routeRow('attachUpload', { access: 'applicant', lockedAfterSubmit: true })), attachInput, async ({ applicant, body, path }) => {
  const key = parseDocumentKey(path.key);
  const ref = ownUpload(applicant.sub, key, body.fileKey);
  if (ref === 'forbidden') throw new Forbidden('This file does not belong to this question of your application.');
  if (ref === 'unknown') throw new NotFound(UPLOAD_NOT_FOUND);
  const [accepted, size] = await Promise.all([isAcceptedUpload(ref), objectSize(config().uploadsBucket, body.fileKey)]);
  // A key the server never issued (or whose grant lapsed unused) is not an upload of theirs.
  if (!accepted || size === undefined) throw new NotFound(UPLOAD_NOT_FOUND);
  const outcome = await attachUpload(applicant.sub, key, { fileKey: body.fileKey, fileName: body.fileName, fileSize: size });
  if (outcome.kind === 'superseded') throw new Conflict('A newer file has already been uploaded for this question.');
  const { status, message } = effectiveStatus(outcome.document, new Date(), CONVERSION_MESSAGES.failed);
  return { message: message || 'Your file is being converted.', status, file_name: outcome.document.file_name, file_size: outcome.document.file_size };
});
