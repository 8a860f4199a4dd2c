/** Checks inside a route whose row allows several roles but one use of it fewer (its contract's `rolesFor`). */
import { roleRefusal, type StaffRole } from '#form/wire/roles';
import { staffEndpoints } from '#form/wire/staff-endpoints';
import { Forbidden } from '../errors';

/** Refuses (403, in words) a role outside `allowed`; called before anything is written. */
export function requireRole(role: StaffRole, allowed: readonly StaffRole[]): void {
  if (!allowed.includes(role)) throw new Forbidden(roleRefusal(role));
}

/** The office-wide audit trail (every list, export and link) is an admin's; an application's own records every role's. */
export const OFFICE_AUDIT_ROLES: readonly StaffRole[] = staffEndpoints.readAudit.rolesFor['the office-wide trail'];
