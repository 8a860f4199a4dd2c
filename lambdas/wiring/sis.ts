/**
 * The student information system's API (/sis/v1/): its reads and writes with the adapters they need, each
 * call recorded in the office's access record with the machine client's name as the actor
 * (`sis:<name>`, apart from any staff member's e-mail) and the caller's address.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { documentDownloads } from '#adapters/storage/signed-objects';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { appendAudit } from '#adapters/store/audit-store';
import { queryChanges } from '#adapters/store/changes-index';
import { decisionsStore, readDecision } from '#adapters/store/decisions-store';
import { idempotencyStore } from '#adapters/store/idempotency-store';
import { officeStatusStore, readHistory } from '#adapters/store/office-status-store';
import { readSnapshot } from '#adapters/store/snapshot-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import type { staffDownload } from '#domain/documents/downloads';
import type { StaffAudit } from '#domain/ports/audit';
import type { listSisApplications } from '#domain/sis/application-list';
import type { SisRecordPorts, readSisApplication } from '#domain/sis/application-record';
import type { recordSisDecision } from '#domain/sis/decision-write';
import { timetable } from '#form/institution-cycles';
import type { MachineCaller } from '#middleware/session';
import { sourceIp } from '#middleware/source-ip';
import { materialPorts } from './materials';
import type { PortsOf } from './ports-of';

/** The access record's actor of a machine client's calls. */
export const machineActor = (client: Pick<MachineCaller, 'name'>): string => `sis:${client.name}`;

function machineAudit(client: MachineCaller, event: APIGatewayProxyEventV2): StaffAudit {
  return (record) => appendAudit({ ...record, staff: machineActor(client), ip: sourceIp(event) });
}

export function sisApplicationPorts(client: MachineCaller, event: APIGatewayProxyEventV2): PortsOf<typeof readSisApplication> {
  return { readSubmitted, ...sisRecordPorts(client, event) };
}

/** The list: the change index's pages, each application's record as the by-id route builds it. */
export function sisListPorts(client: MachineCaller, event: APIGatewayProxyEventV2): PortsOf<typeof listSisApplications> {
  return { queryChanges, ...sisRecordPorts(client, event) };
}

function sisRecordPorts(client: MachineCaller, event: APIGatewayProxyEventV2): SisRecordPorts {
  return {
    readApplicantDocuments,
    readApplicantRecord,
    readSnapshot,
    readHistory,
    decisions: { readDecision },
    links: documentDownloads,
    audit: machineAudit(client, event),
    timetable,
  };
}

/** The application PDF's link, as the console's download makes it (recorded as a download). */
export function sisPdfPorts(client: MachineCaller, event: APIGatewayProxyEventV2): PortsOf<typeof staffDownload> {
  return { files: { readApplicantDocuments }, links: documentDownloads, readSubmitted, audit: machineAudit(client, event) };
}

/** A mark on the checklist, by the console's use-case with the client's access record. */
export const sisMaterialPorts = (client: MachineCaller, event: APIGatewayProxyEventV2) => materialPorts(machineAudit(client, event));

export function sisDecisionPorts(client: MachineCaller, event: APIGatewayProxyEventV2): PortsOf<typeof recordSisDecision> {
  return {
    decide: { decisions: decisionsStore, status: { ...officeStatusStore, readSubmitted }, audit: machineAudit(client, event) },
    idempotency: { keys: idempotencyStore, now: () => new Date() },
  };
}
