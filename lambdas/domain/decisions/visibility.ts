/**
 * Who sees what of reviews and decisions. Deciders and admins see every review and the decision
 * (staged or released) with its note and reasons; a reader sees their own review and no decision
 * anywhere (docs/decisions-lifecycle.md): not in the list, the application, its history, its
 * access record or the exports.
 */
import { DECIDING_ROLES, type StaffRole } from '#form/wire/roles';
import type { AuditRecord } from '../ports/audit';
import type { Review } from '../ports/decisions';

export function seesDecisions(role: StaffRole): boolean {
  return DECIDING_ROLES.includes(role);
}

/**
 * Deciders and admins read every review; a reader only their own, and so does a decider a blind
 * round still keeps from the others' (`blind`, reading/blind.ts: until their own is in).
 */
export function visibleReviews(reviews: readonly Review[], role: StaffRole, email: string, blind = false): Review[] {
  return seesDecisions(role) && !blind ? [...reviews] : reviews.filter((r) => r.reviewer === email);
}

/**
 * What of an application's audit record a reader keeps: of a decision, that it changed a released
 * one and how many were decided together (never the decision, the one before it or the reason);
 * of someone else's review, whether it was added or revised (never the recommendation). (A bulk
 * request's own record, `decisions`, is office-wide: an admin's to read.)
 */
const READER_KEEPS: Partial<Record<AuditRecord['action'], readonly string[]>> = {
  decision: ['released_change', 'bulk'],
  review: ['change'],
  // The daily sweep's expiry of an offer: that the sweep updated it, never the decision nor its day.
  'offer.expire': [],
};

/**
 * An audit record as this staff member may read it. `blind`: a blind round still keeps the other
 * reviews from this decider (reading/blind.ts), so their recommendations are kept from them as from a reader.
 */
export function auditRecordFor<R extends AuditRecord>(record: R, viewer: { role: StaffRole; email: string }, blind = false): R {
  if (blind && record.action === 'review' && record.staff !== viewer.email && record.detail)
    return { ...record, detail: Object.fromEntries(Object.entries(record.detail).filter(([key]) => key === 'change')) };
  const keeps = READER_KEEPS[record.action];
  if (seesDecisions(viewer.role) || !keeps || !record.detail) return record;
  if (record.action === 'review' && record.staff === viewer.email) return record;
  const detail = Object.fromEntries(Object.entries(record.detail).filter(([key]) => keeps.includes(key)));
  return { ...record, detail };
}
