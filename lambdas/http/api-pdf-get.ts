import { readApplicationPdf } from '#domain/documents/application-pdf-status';
import { readApplicationPdfInput } from '#form/wire/queries';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { pdfStatusPorts } from '#wiring/documents';

/** GET /api/pdf: the application PDF's status and, once it is current, a short-lived link (domain/documents/application-pdf-status.ts). */
export const handler = httpHandler(routeRow('readApplicationPdf', { access: 'applicant' }), readApplicationPdfInput, async ({ applicant, query: wish }) =>
  readApplicationPdf(pdfStatusPorts(), applicant.application, wish),
);
