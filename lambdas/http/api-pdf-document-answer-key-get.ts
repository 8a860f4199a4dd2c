import { readConversionStatus } from '#domain/documents/conversion-status';
import { parseDocumentKey } from '#domain/documents/files';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { conversionStatusPorts } from '#wiring/documents';

/** GET /api/pdf/document-answer/{key}: the conversion status of the caller's document for this question. */
export const handler = httpHandler(routeRow('readConversionStatus', { access: 'applicant' }), async ({ applicant, path }) =>
  readConversionStatus(conversionStatusPorts(), applicant.application, parseDocumentKey(path.key)),
);
