import { deleteDocument } from '#adapters/document-answers-store';
import { deleteObject } from '#adapters/storage/signed-objects';
import { parseDocumentKey } from '#domain/documents/files';
import { removeDocument } from '#domain/documents/removal';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { lockedAfterSubmit } from '#middleware/submitted-lock';

/** DELETE /api/document-answer/{key}: removes the document answer, the uploaded original and its conversion. Idempotent. */
export const handler = httpHandler(
  lockedAfterSubmit(routeRow('deleteDocument', { access: 'applicant', lockedAfterSubmit: true })),
  async ({ applicant, path }) => {
    await removeDocument(
      {
        deleteDocument,
        deleteUpload: (fileKey) => deleteObject(config().uploadsBucket, fileKey),
        deleteConverted: (convertedKey) => deleteObject(config().documentsBucket, convertedKey),
      },
      applicant.sub,
      parseDocumentKey(path.key),
    );
    return { message: 'Your file was deleted.' };
  },
);
