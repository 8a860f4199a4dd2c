/**
 * Reading assignments, checkouts and the committee (domain/reading/): the reading's store (the
 * answers item's reading attributes and the pointers in the status table), the reviews the
 * committee reads, and the access record of whoever asks.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { readingStore } from '#adapters/store/reading-store';
import { readReviews } from '#adapters/store/reviews-store';
import type { checkoutApplication } from '#domain/reading/checkout';
import type { committeeList } from '#domain/reading/committee-list';
import type { readQueue } from '#domain/reading/queue';
import type { reassign } from '#domain/reading/reassign';
import { timetable } from '#form/institution-cycles';
import type { StaffMember } from '#middleware/staff-session';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';

export function queuePorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof readQueue> {
  return { reading: readingStore, audit: staffAudit(staff, event) };
}

/** A checkout taken, renewed or released. */
export function checkoutPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof checkoutApplication> {
  return { reading: readingStore, audit: staffAudit(staff, event), timeZone: timetable.timeZone };
}

export function committeePorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof committeeList> {
  return { reading: readingStore, reviews: { readReviews }, audit: staffAudit(staff, event) };
}

export function reassignPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof reassign> {
  return { reading: readingStore, audit: staffAudit(staff, event) };
}
