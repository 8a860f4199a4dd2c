/** The work of both export routes (GET /staff/api/export.csv and export.json), in the given format. */
import { redirect, type HttpRequest } from '#middleware/http';
import { querySubmissions } from '#adapters/store/submissions-index';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readTabs } from '#adapters/store/tabs-store';
import { exportsBucket } from '#adapters/storage/exports-bucket';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { readDecision } from '#adapters/store/decisions-store';
import type { ListQuery } from '#form/wire/staff';
import type { ExportFormat } from '#domain/staff/export';
import { exportApplications } from '#domain/staff/export-applications';
import { staffAudit } from './staff-audit';

export function exportHandler(format: ExportFormat) {
  return async ({ query, staff, event }: HttpRequest<undefined, ListQuery, 'staff'>) =>
    redirect(
      await exportApplications(
        { reads: { querySubmissions, readApplicantRecord, readTabs }, decisions: { readDecision }, recommendations: recommendationStore, exports: exportsBucket, audit: staffAudit(staff, event) },
        format,
        query.filters,
        staff.role,
      ),
    );
}
