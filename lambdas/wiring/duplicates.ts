/**
 * Possible duplicates (domain/duplicates/): the flags in the status table, the list's mark and the
 * two submissions in the answers table, the access record of whoever reads or judges them. Each
 * use gets only the store's functions it calls (and its Lambda only their grants).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { markDuplicateOpen } from '#adapters/store/duplicate-mark';
import { fileUnderKeys, filedUnder, flagBothSides, flagsOf, judgeBothSides } from '#adapters/store/duplicates-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import type { DuplicateFiling } from '#domain/duplicates/flag';
import type { MarkDuplicatePorts, ReadDuplicatesPorts } from '#domain/duplicates/office';
import type { StaffMember } from '#middleware/staff-session';
import { staffAudit } from './staff-audit';

/** The submission's check (submission-outputs.ts). */
export const duplicateFiling = (): DuplicateFiling => ({ register: fileUnderKeys, holders: filedUnder, flag: flagBothSides, markOpen: markDuplicateOpen });

export function readDuplicatesPorts(staff: StaffMember, event: APIGatewayProxyEventV2): ReadDuplicatesPorts {
  return { duplicates: { pairsOf: flagsOf, markOpen: markDuplicateOpen }, readSubmitted, audit: staffAudit(staff, event) };
}

export function markDuplicatePorts(staff: StaffMember, event: APIGatewayProxyEventV2): MarkDuplicatePorts {
  return {
    duplicates: { pairsOf: flagsOf, markOpen: markDuplicateOpen, judge: judgeBothSides },
    readSubmitted,
    audit: staffAudit(staff, event),
    now: () => new Date(),
  };
}
