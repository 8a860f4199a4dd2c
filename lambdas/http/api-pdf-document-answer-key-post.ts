import { attachDocument } from '#domain/documents/attach';
import { parseDocumentKey } from '#domain/documents/files';
import { attachInput } from '#form/wire/documents';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { lockedAfterSubmit } from '#middleware/submitted-lock';
import { attachPorts } from '#wiring/documents';

/**
 * POST /api/pdf/document-answer/{key} {file_key, file_name}: records the caller's own upload as
 * the question's document answer. Conversion itself runs on the bucket's upload event.
 */
export const handler = httpHandler(
  lockedAfterSubmit(routeRow('attachUpload', { access: 'applicant', lockedAfterSubmit: true })),
  attachInput,
  async ({ applicant, body, path }) => attachDocument(attachPorts(), applicant.application, parseDocumentKey(path.key), body),
);
