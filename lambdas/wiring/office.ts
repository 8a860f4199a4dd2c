/**
 * The admissions office's reading of applications (domain/staff/listing.ts, application-view.ts,
 * access-record.ts, domain/documents/downloads.ts): the list, one application, the access record
 * and the downloads, each read recorded in the audit trail with who asked and from where.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { documentDownloads } from '#adapters/storage/signed-objects';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readAudit, readTrail } from '#adapters/store/audit-store';
import { readDecision } from '#adapters/store/decisions-store';
import { readHistory } from '#adapters/store/office-status-store';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { readReviews } from '#adapters/store/reviews-store';
import { readSnapshot } from '#adapters/store/snapshot-store';
import { nameApplication, querySubmissions, readSubmitted } from '#adapters/store/submissions-index';
import { readAddAnother, readTabs } from '#adapters/store/tabs-store';
import type { staffDownload } from '#domain/documents/downloads';
import { blindReadingFor } from '#domain/reading/blind';
import type { readAuditTrail } from '#domain/staff/access-record';
import type { readStaffApplication } from '#domain/staff/application-view';
import type { listApplications } from '#domain/staff/listing';
import { timetable } from '#form/institution-cycles';
import { reading } from '#form/institution-reading';
import type { StaffMember } from '#middleware/staff-session';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';

export function listingPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof listApplications> {
  return { querySubmissions, audit: staffAudit(staff, event), timetable };
}

export function applicationViewPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof readStaffApplication> {
  return {
    readSubmitted,
    readTabs,
    readAddAnother,
    readApplicantDocuments,
    readSnapshot,
    readApplicantRecord,
    readHistory,
    recommendations: recommendationStore,
    reviews: { readReviews },
    decisions: { readDecision },
    audit: staffAudit(staff, event),
    timetable,
    readsRequired: reading.readsRequired,
  };
}

/** What the blind rule reads of an application: its round (the answers item) and its reviews. */
const blindPorts = { readSubmitted, readReviews, timetable, readsRequired: reading.readsRequired };

export function auditTrailPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof readAuditTrail> {
  return { readAudit, readTrail, nameApplication, audit: staffAudit(staff, event), blindFor: (id, viewer) => blindReadingFor(blindPorts, id, viewer) };
}

/** A document's converted PDF or the application PDF, as a new short-lived link. */
export function downloadPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof staffDownload> {
  return { files: { readApplicantDocuments }, links: documentDownloads, readSubmitted, audit: staffAudit(staff, event) };
}
