/**
 * Applications in progress (domain/office/in-progress.ts): the sparse index and each listed
 * application's items, the office's access record, the timetable; the export's bucket too.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { exportsBucket } from '#adapters/storage/exports-bucket';
import { inProgressIndex } from '#adapters/store/in-progress-index';
import type { exportInProgress, listInProgress } from '#domain/office/in-progress';
import { timetable } from '#form/institution-cycles';
import type { StaffMember } from '#middleware/staff-session';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';

export const listInProgressPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof listInProgress> => ({
  ...inProgressIndex,
  audit: staffAudit(staff, event),
  timetable,
  now: () => new Date(),
});

export const exportInProgressPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof exportInProgress> => ({
  ...listInProgressPorts(staff, event),
  exports: exportsBucket,
});
