import { randomUUID } from 'node:crypto';
import { routeRow } from '#lambdas/route-row';
import { openedByLink } from '#middleware/signed-out-page';
import { httpHandler } from '#middleware/access/applicant';
import { redirect } from '#middleware/http';
import { config } from '#lambdas/config';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { readStatus } from '#adapters/store/status-store';
import { hit } from '#adapters/store/rate-limits';
import { StreamedObject } from '#adapters/storage/streamed-object';
import { ZipArchive } from '#adapters/storage/zip-archive';
import { presignAttachment, readWholeObject } from '#adapters/storage/signed-objects';
import { EXPORT_FILE_NAME, EXPORT_WINDOW_SECONDS, checkExportLimit, writeDataExport } from '#domain/data-rights/export';
import { dataExportPrefix } from '#domain/data-rights/erasure';

const ZIP = 'application/zip';

/**
 * GET /api/account/export: a ZIP of the applicant's data, streamed into the exports bucket
 * (which expires it after a day), answered with a redirect to a short-lived link; one build a minute.
 */
export const handler = httpHandler(openedByLink(routeRow('exportMyData', { access: 'applicant', openedByLink: true })), async ({ applicant }) => {
  await checkExportLimit((sub, now) => hit('data-export', sub, EXPORT_WINDOW_SECONDS, 1, now), applicant.sub, new Date());
  const c = config();
  const key = `${dataExportPrefix(applicant.sub)}${randomUUID()}.zip`;
  const object = await StreamedObject.start(c.exportsBucket, key, ZIP);
  try {
    const archive = new ZipArchive(object);
    await writeDataExport({ readApplicantRecord, readApplicantDocuments, readStatus, readPdf: (pdfKey) => readWholeObject(c.documentsBucket, pdfKey) }, applicant.sub, archive);
    await archive.finish();
    await object.finish();
  } catch (error) {
    await object.abort();
    throw error;
  }
  return redirect(await presignAttachment(c.exportsBucket, key, EXPORT_FILE_NAME, ZIP));
});
