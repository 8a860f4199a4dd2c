import { applicantPdfDownload } from '#domain/documents/downloads';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { redirect } from '#middleware/http';
import { openedByLink } from '#middleware/signed-out-page';
import { pdfDownloadPorts } from '#wiring/documents';

/** GET /api/pdf/download: 303 to a new short-lived link to the applicant's current PDF, saved as `application-<reference>.pdf`. */
export const handler = httpHandler(openedByLink(routeRow('downloadApplicationPdf', { access: 'applicant', openedByLink: true })), async ({ applicant }) =>
  redirect(await applicantPdfDownload(pdfDownloadPorts(), applicant.application)),
);
