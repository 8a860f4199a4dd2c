import { httpHandler } from '../middleware/http';
import { config } from '../config';
import { readApplicantDocuments } from '../adapters/documents-store';
import { presignDownload } from '../adapters/storage/objects';
import { requestApplicationPdf } from '../adapters/renderer/request';
import { applicationVersion, pdfNeedsRender, pdfStatusView } from '../domain/documents';

/**
 * GET /api/pdf: the application PDF's status, with a short-lived download link once it is
 * COMPLETED and current. A missing or outdated PDF is rendered on this request.
 */
export const handler = httpHandler({ name: 'applicationPdf', access: 'applicant' }, async ({ applicant }) => {
  const data = await readApplicantDocuments(applicant.sub);
  if (pdfNeedsRender(data.pdf, applicationVersion(data), new Date())) {
    await requestApplicationPdf(applicant.sub);
    return pdfStatusView(data.pdf?.status === 'IN_PROGRESS' ? data.pdf : undefined, true);
  }
  const url =
    data.pdf?.status === 'COMPLETED' && data.pdf.objectKey ? await presignDownload(config().documentsBucket, data.pdf.objectKey, 'application.pdf') : undefined;
  return pdfStatusView(data.pdf, false, url);
});
