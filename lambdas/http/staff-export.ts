/** The work of both export routes (GET /staff/api/export.csv and export.json), in the given format. */
import { exportsBucket } from '#adapters/storage/exports-bucket';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readDecision } from '#adapters/store/decisions-store';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { querySubmissions } from '#adapters/store/submissions-index';
import { readTabs } from '#adapters/store/tabs-store';
import type { ExportFormat } from '#domain/staff/export';
import { exportApplications } from '#domain/staff/export-applications';
import type { ListQuery } from '#form/wire/staff';
import { redirect, type HttpRequest } from '#middleware/http';
import { staffAudit } from './staff-audit';

export function exportHandler(format: ExportFormat) {
  return async ({ query, staff, event }: HttpRequest<undefined, ListQuery, 'staff'>) =>
    redirect(
      await exportApplications(
        {
          reads: { querySubmissions, readApplicantRecord, readTabs },
          decisions: { readDecision },
          recommendations: recommendationStore,
          exports: exportsBucket,
          audit: staffAudit(staff, event),
        },
        format,
        query.filters,
        staff.role,
      ),
    );
}
