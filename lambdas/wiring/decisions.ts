/**
 * The office's reviews and decisions (domain/decisions/): a review, a decision staged for one
 * application or many, the reader's queue; each recorded in the audit trail, each moving the
 * office status through its store.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { log } from '#adapters/log';
import { decisionsStore } from '#adapters/store/decisions-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readingStore } from '#adapters/store/reading-store';
import { reviewStore } from '#adapters/store/reviews-store';
import { nextUnreviewed, readSubmitted } from '#adapters/store/submissions-index';
import type { recordDecision, recordDecisions } from '#domain/decisions/decide';
import type { nextToRead, saveReview } from '#domain/decisions/reviews';
import { timetable } from '#form/institution-cycles';
import { reading } from '#form/institution-reading';
import type { StaffMember } from '#middleware/staff-session';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';

export function reviewPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof saveReview> {
  return {
    reviews: reviewStore,
    status: { ...officeStatusStore, readSubmitted },
    audit: staffAudit(staff, event),
    reading: { store: readingStore, config: reading, timetable },
  };
}

export function decisionPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof recordDecision> {
  return { decisions: decisionsStore, status: { ...officeStatusStore, readSubmitted }, audit: staffAudit(staff, event) };
}

/** Many applications' decision: one that could not be written is logged with its id (the rest are refused as a whole before). */
export function bulkDecisionPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof recordDecisions> {
  return { ...decisionPorts(staff, event), failed: (id, error) => log.error('bulk decision not written', { id, error }) };
}

export function queuePorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof nextToRead> {
  return { queue: { nextUnreviewed }, audit: staffAudit(staff, event), timetable };
}
