import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { readPdfState } from '#adapters/application-pdf-store';
import { documentDownloads } from '#adapters/storage/signed-objects';
import { readApplicationPdfInput } from '#form/wire/queries';
import { requestApplicationPdf } from '#adapters/renderer/request';
import { applicationFileName, applicationVersion, currentApplicationPdf, pdfNeedsRender, pdfStatusView, pdfStillPending } from '#domain/documents/application-pdf';

/**
 * GET /api/pdf: the application PDF's status, with a short-lived download link once it is
 * COMPLETED and current (the spec's `url`; the page links to GET /api/pdf/download, which signs
 * a new one on each click). A missing or outdated PDF is asked for on this request, and a failed one
 * when the applicant asks to try again (`?retry=1`); the store lets one such request through per
 * applicant every few minutes. The client polls every second while it waits (spec), so a render
 * in progress is answered from the PDF's own record; only then is the whole application's version read.
 */
export const handler = httpHandler(routeRow('readApplicationPdf', { access: 'applicant' }), readApplicationPdfInput, async ({ applicant, query: wish }) => {
  const now = new Date();
  const pending = await readPdfState(applicant.sub);
  if (pdfStillPending(pending, now)) return pdfStatusView(pending, false);
  const data = await readApplicantDocuments(applicant.sub);
  const version = applicationVersion(data);
  if (pdfNeedsRender(data.pdf, version, now, wish) && (await requestApplicationPdf(applicant.sub, version))) {
    return pdfStatusView(data.pdf?.status === 'IN_PROGRESS' ? data.pdf : undefined, true);
  }
  // A PDF older than the answers is never handed out, even while its new render waits its turn.
  const objectKey = currentApplicationPdf(data);
  const url = objectKey ? await documentDownloads.signPdfDownload(objectKey, applicationFileName(data.reference)) : undefined;
  return pdfStatusView(data.pdf, false, url);
});
