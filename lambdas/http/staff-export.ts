/**
 * GET /staff/api/export.csv and export.json: streamed into a private object page by page, then
 * answered with a redirect to a short-lived link (so a plain link downloads the file).
 */
import { redirect, type HttpRequest } from '#middleware/http';
import { config } from '#lambdas/config';
import { appendAudit } from '#adapters/store/audit-store';
import { querySubmissions } from '#adapters/store/submissions-index';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readTabs } from '#adapters/store/tabs-store';
import { StreamedObject } from '#adapters/storage/streamed-object';
import { presignAttachment } from '#adapters/storage/signed-objects';
import { filterDetail } from '#domain/staff/listing';
import type { ListQuery } from '#form/wire/staff';
import { EXPORT_TYPES, exportFileName, exportKey, writeExport, type ExportFormat } from '#domain/staff/export';
import { sourceIp } from '#middleware/source-ip';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { recommendationColumns } from '#domain/recommendations/export-columns';
import { readDecision } from '#adapters/store/decisions-store';
import { DECIDING_ROLES } from '#form/wire/roles';

/** The work of both export routes, in the given format. */
export function exportApplications(format: ExportFormat) {
  return async ({ query, staff, event }: HttpRequest<undefined, ListQuery, 'staff'>) => {
    await appendAudit({ staff: staff.email, action: `export.${format}`, ip: sourceIp(event), detail: filterDetail(query.filters) });
    const bucket = config().exportsBucket;
    const key = exportKey(format);
    const object = await StreamedObject.start(bucket, key, EXPORT_TYPES[format]);
    try {
      // A reader's export reads no decision: its decision columns stay blank.
      const decisions = DECIDING_ROLES.includes(staff.role) ? { readDecision } : {};
      await writeExport({ querySubmissions, readApplicantRecord, readTabs, ...decisions }, format, query.filters, object, recommendationColumns(recommendationStore));
      await object.finish();
    } catch (error) {
      await object.abort();
      throw error;
    }
    const url = await presignAttachment(bucket, key, exportFileName(format), EXPORT_TYPES[format]);
    return redirect(url);
  };
}
