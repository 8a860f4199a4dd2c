/**
 * The office's marks on an application's checklist (domain/materials/mark.ts): the applicant's
 * record read and the marks written on its answers item, the history beside the office status,
 * and the access record of whoever marks. The student information system's route builds the same
 * ports with its client's audit writer: `materialPorts(audit)`.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { materialsStore } from '#adapters/store/materials-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import type { markMaterial } from '#domain/materials/mark';
import type { StaffAudit } from '#domain/ports/audit';
import { timetable } from '#form/institution-cycles';
import type { StaffMember } from '#middleware/staff-session';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';

/** The ports of a mark recorded by `audit` (a staff member's, or a machine client's). */
export function materialPorts(audit: StaffAudit): PortsOf<typeof markMaterial> {
  return { readApplicantRecord, materials: materialsStore, history: officeStatusStore, audit, timetable, now: () => new Date() };
}

export function markMaterialPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof markMaterial> {
  return materialPorts(staffAudit(staff, event));
}
