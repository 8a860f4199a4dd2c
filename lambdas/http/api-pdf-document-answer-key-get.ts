import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { readDocument } from '#adapters/document-answers-store';
import { CONVERSION_MESSAGES, parseDocumentKey } from '#domain/documents/files';
import { effectiveStatus } from '#domain/documents/status';

/** GET /api/pdf/document-answer/{key}: the conversion status of the caller's document for this question. */
export const handler = httpHandler(routeRow('readConversionStatus', { access: 'applicant' }), async ({ applicant, path }) => {
  const key = parseDocumentKey(path.key);
  return effectiveStatus(await readDocument(applicant.sub, key), new Date(), CONVERSION_MESSAGES.failed);
});
