/**
 * GET /staff/api/export.csv and export.json: streamed into a private object page by page, then
 * answered with a redirect to a short-lived link (so a plain link downloads the file).
 */
import { httpHandler, reply } from '../../middleware/http';
import { config } from '../../config';
import { appendAudit } from '../../adapters/store/audit-store';
import { presignAttachment, StreamedObject } from '../../adapters/storage/streamed-object';
import { filterDetail, parseListQuery } from '../../domain/staff/listing';
import { EXPORT_TYPES, exportFileName, exportKey, writeExport, type ExportFormat } from '../../domain/staff/export';
import { sourceIp } from './audit-context';

export function exportHandler(format: ExportFormat) {
  return httpHandler({ name: format === 'csv' ? 'staffExportCsv' : 'staffExportJson', access: 'staff', query: (q) => parseListQuery(q, false) }, async ({ query, staff, event }) => {
    await appendAudit({ staff: staff.email, action: `export.${format}`, ip: sourceIp(event), detail: filterDetail(query.filters) });
    const bucket = config().exportsBucket;
    const key = exportKey(format);
    const object = await StreamedObject.start(bucket, key, EXPORT_TYPES[format]);
    try {
      await writeExport(format, query.filters, object);
      await object.finish();
    } catch (error) {
      await object.abort();
      throw error;
    }
    const url = await presignAttachment(bucket, key, exportFileName(format), EXPORT_TYPES[format]);
    return reply(303, { url }, [], { location: url });
  });
}

export const handler = exportHandler('csv');
