/**
 * The staff list's saved filter sets (domain/staff/filter-sets.ts): the office's partition of
 * them in the status table, and the access record of whoever lists or changes them.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { filterSetsStore } from '#adapters/store/filter-sets-store';
import type { FilterSetPorts } from '#domain/staff/filter-sets';
import type { StaffMember } from '#middleware/staff-session';
import { staffAudit } from './staff-audit';

export const filterSetPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): FilterSetPorts => ({
  store: filterSetsStore,
  audit: staffAudit(staff, event),
  now: () => new Date(),
  newId: randomUUID,
});
