/**
 * GET /staff/api/export.csv and export.json: recorded, then streamed into a private object page
 * by page, then answered with a short-lived link (so a plain link downloads the file).
 */
import type { Timetable } from '#form/institution-cycles';
import { DECIDING_ROLES, type StaffRole } from '#form/wire/roles';
import type { ApplicationFilters } from '#form/wire/staff';
import { officeFilters } from '../cycles/office-cycles';
import type { ApplicantRecordReader } from '../ports/answers';
import type { StaffAudit } from '../ports/audit';
import type { DecisionStore } from '../ports/decisions';
import type { ExportsBucket } from '../ports/exports';
import type { RecommendationStore } from '../ports/recommendations';
import type { SubmissionsQuery } from '../ports/submissions';
import type { TabsReader } from '../ports/tabs';
import { recommendationColumns } from '../recommendations/export-columns';
import { writeStreamed } from '../streamed-export';
import { EXPORT_TYPES, exportFileName, exportKey, writeExport, type ExportFormat } from './export';
import { checkListRights, filterDetail } from './listing';

export interface ExportApplicationsPorts {
  /** The index and, per application, what its status page's checklist reads. */
  reads: SubmissionsQuery & ApplicantRecordReader & TabsReader;
  decisions: Pick<DecisionStore, 'readDecision'>;
  recommendations: Pick<RecommendationStore, 'listRecommendations'>;
  exports: ExportsBucket;
  audit: StaffAudit;
  timetable: Timetable;
}

/** The export's link; the export holds the applications matching the filters, newest first. */
export async function exportApplications(ports: ExportApplicationsPorts, format: ExportFormat, filters: ApplicationFilters, role: StaffRole): Promise<string> {
  checkListRights(role, filters);
  const selected = officeFilters(ports.timetable, filters);
  await ports.audit({ action: `export.${format}`, detail: filterDetail(filters) });
  const key = exportKey(format);
  await writeStreamed(ports.exports, key, EXPORT_TYPES[format], async (object) => {
    // A reader's export reads no decision: its decision columns stay blank.
    const sources = DECIDING_ROLES.includes(role) ? { ...ports.reads, ...ports.decisions } : ports.reads;
    await writeExport(sources, format, selected, object, recommendationColumns(ports.recommendations));
  });
  return ports.exports.presign(key, exportFileName(format), EXPORT_TYPES[format]);
}
