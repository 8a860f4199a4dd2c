import { createContext, useContext } from 'react';
import { ADMIN_ONLY, ANY_STAFF_ROLE, DECIDING_ROLES, type StaffRole } from '#form/wire/roles';
import type { staffEndpoints } from '#form/wire/staff-endpoints';

type Narrower = 'readOfficeAudit' | 'changeReleasedDecision';

/**
 * Which roles may do what the console offers, keyed by the staff endpoint the control would call
 * (form/wire/staff-endpoints.ts), with the roles its route allows (lambdas/routes.ts). Two keys
 * are not endpoints but a narrower case of one, which its use-case refuses the other roles:
 * `readOfficeAudit` (readAudit without an application) and `changeReleasedDecision` (recordDecision
 * on a released decision). Every role check of the console asks `useAllowed`, nothing
 * else; the server refuses the rest with a 403 anyway.
 */
const ROLES = {
  saveReview: ANY_STAFF_ROLE,
  recordDecision: DECIDING_ROLES,
  recordDecisions: DECIDING_ROLES,
  changeReleasedDecision: ADMIN_ONLY,
  listReleases: ADMIN_ONLY,
  scheduleRelease: ADMIN_ONLY,
  listTemporaryLinks: ADMIN_ONLY,
  readOfficeAudit: ADMIN_ONLY,
  eraseApplication: ADMIN_ONLY,
} satisfies Partial<Record<keyof typeof staffEndpoints | Narrower, readonly StaffRole[]>>;

type StaffAction = keyof typeof ROLES;

/** Whether the role may do it; nothing before the role is known. */
function allows(role: StaffRole | undefined, action: StaffAction): boolean {
  return role !== undefined && ROLES[action].includes(role);
}

const RoleContext = createContext<StaffRole | undefined>(undefined);

/**
 * The signed-in member's role, which the console's frame reads once (GET /staff/api/session) and
 * gives its screens: a screen's chunk then needs nothing of its own to know it.
 */
export const RoleProvider = RoleContext.Provider;

/** Whether the signed-in member may do it (false until the role is known). */
export function useAllowed(action: StaffAction): boolean {
  return allows(useContext(RoleContext), action);
}
