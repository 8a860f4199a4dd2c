import { route } from '../routes';
import { httpHandler } from '../middleware/http';
import { config } from '../config';
import { readApplicantDocuments, readPdfState } from '../adapters/documents-store';
import { presignDownload } from '../adapters/storage/objects';
import { requestApplicationPdf } from '../adapters/renderer/request';
import { applicationVersion, pdfNeedsRender, pdfStatusView, pdfStillPending } from '../domain/documents';

/**
 * GET /api/pdf: the application PDF's status, with a short-lived download link once it is
 * COMPLETED and current. A missing or outdated PDF is rendered on this request. The client
 * polls every second while it waits (spec), so a render in progress is answered from the PDF's
 * own record; only then is the whole application's version read.
 */
export const handler = httpHandler(route('readApplicationPdf'), async ({ applicant }) => {
  const now = new Date();
  const pending = await readPdfState(applicant.sub);
  if (pdfStillPending(pending, now)) return pdfStatusView(pending, false);
  const data = await readApplicantDocuments(applicant.sub);
  if (pdfNeedsRender(data.pdf, applicationVersion(data), now)) {
    await requestApplicationPdf(applicant.sub);
    return pdfStatusView(data.pdf?.status === 'IN_PROGRESS' ? data.pdf : undefined, true);
  }
  const url =
    data.pdf?.status === 'COMPLETED' && data.pdf.objectKey ? await presignDownload(config().documentsBucket, data.pdf.objectKey, 'application.pdf') : undefined;
  return pdfStatusView(data.pdf, false, url);
});
