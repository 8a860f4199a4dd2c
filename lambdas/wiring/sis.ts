/**
 * The student information system's API (/sis/v1/): its reads with the adapters they need, each
 * call recorded in the office's access record with the machine client's name as the actor
 * (`sis:<name>`, apart from any staff member's e-mail) and the caller's address.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { appendAudit } from '#adapters/store/audit-store';
import { readDecision } from '#adapters/store/decisions-store';
import { readHistory } from '#adapters/store/office-status-store';
import { readSnapshot } from '#adapters/store/snapshot-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import type { StaffAudit } from '#domain/ports/audit';
import type { readSisApplication } from '#domain/sis/application-record';
import { timetable } from '#form/institution-cycles';
import type { MachineCaller } from '#middleware/session';
import { sourceIp } from '#middleware/source-ip';
import type { PortsOf } from './ports-of';

/** The access record's actor of a machine client's calls. */
export const machineActor = (client: Pick<MachineCaller, 'name'>): string => `sis:${client.name}`;

function machineAudit(client: MachineCaller, event: APIGatewayProxyEventV2): StaffAudit {
  return (record) => appendAudit({ ...record, staff: machineActor(client), ip: sourceIp(event) });
}

export function sisApplicationPorts(client: MachineCaller, event: APIGatewayProxyEventV2): PortsOf<typeof readSisApplication> {
  return {
    readSubmitted,
    readApplicantDocuments,
    readApplicantRecord,
    readSnapshot,
    readHistory,
    decisions: { readDecision },
    audit: machineAudit(client, event),
    timetable,
  };
}
