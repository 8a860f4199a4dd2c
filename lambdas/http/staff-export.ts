/** The work of both export routes (GET /staff/api/export.csv and export.json), in the given format. */
import type { ExportFormat } from '#domain/staff/export';
import { exportApplications } from '#domain/staff/export-applications';
import type { ListQuery } from '#form/wire/staff';
import { redirect, type HttpRequest } from '#middleware/http';
import { exportPorts } from '#wiring/exports';

export function exportHandler(format: ExportFormat) {
  return async ({ query, staff, event }: HttpRequest<undefined, ListQuery, 'staff'>) =>
    redirect(await exportApplications(exportPorts(staff, event), format, query.filters, staff.role));
}
