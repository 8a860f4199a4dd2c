import { parseDocumentKey } from '#domain/documents/files';
import { removeDocument } from '#domain/documents/removal';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { lockedAfterSubmit } from '#middleware/submitted-lock';
import { documentRemovalPorts } from '#wiring/documents';

/** DELETE /api/document-answer/{key}: removes the document answer, the uploaded original and its conversion. Idempotent. */
export const handler = httpHandler(
  lockedAfterSubmit(routeRow('deleteDocument', { access: 'applicant', lockedAfterSubmit: true })),
  async ({ applicant, path }) => {
    await removeDocument(documentRemovalPorts(), applicant.application, parseDocumentKey(path.key));
    return { message: 'Your file was deleted.' };
  },
);
