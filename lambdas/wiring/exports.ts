/** The office's exports (domain/staff/export-applications.ts): streamed into the exports bucket, with the decisions and letters, recorded first. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { exportsBucket } from '#adapters/storage/exports-bucket';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readDecision } from '#adapters/store/decisions-store';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { querySubmissions } from '#adapters/store/submissions-index';
import { readTabs } from '#adapters/store/tabs-store';
import type { exportApplications } from '#domain/staff/export-applications';
import { timetable } from '#form/institution-cycles';
import type { StaffMember } from '#middleware/staff-session';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';

export function exportPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof exportApplications> {
  return {
    reads: { querySubmissions, readApplicantRecord, readTabs },
    decisions: { readDecision },
    recommendations: recommendationStore,
    exports: exportsBucket,
    audit: staffAudit(staff, event),
    timetable,
  };
}
