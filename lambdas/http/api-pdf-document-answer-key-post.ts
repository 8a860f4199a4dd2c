import { attachUpload } from '#adapters/document-answers-store';
import { objectSize } from '#adapters/storage/signed-objects';
import { isAcceptedUpload } from '#adapters/upload-grants';
import { attachDocument } from '#domain/documents/attach';
import { parseDocumentKey } from '#domain/documents/files';
import { attachInput } from '#form/wire/documents';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { lockedAfterSubmit } from '#middleware/submitted-lock';

/**
 * POST /api/pdf/document-answer/{key} {file_key, file_name}: records the caller's own upload as
 * the question's document answer. Conversion itself runs on the bucket's upload event.
 */
export const handler = httpHandler(
  lockedAfterSubmit(routeRow('attachUpload', { access: 'applicant', lockedAfterSubmit: true })),
  attachInput,
  async ({ applicant, body, path }) =>
    attachDocument(
      { grants: { isAcceptedUpload }, uploads: { uploadSize: (key) => objectSize(config().uploadsBucket, key) }, documents: { attachUpload } },
      applicant.sub,
      parseDocumentKey(path.key),
      body,
    ),
);
