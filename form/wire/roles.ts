/**
 * Staff roles: what a staff member may do in the office. `reader` reads and reviews, `decider`
 * also records decisions, `admin` also releases decisions, manages staff and sees the office-wide
 * audit. A role is a group of the staff user pool (the access token's `cognito:groups`, in AWS
 * and from the local provider alike); the route table says which roles each staff route allows.
 */
export const STAFF_ROLES = ['reader', 'decider', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * A list of roles whose type names exactly its roles, so the compiler tells two lists apart (a
 * handler's row repeats its route's roles: lambdas/route-row.ts), and that still asks `includes`
 * of any role.
 */
const roleList = <const R extends readonly StaffRole[]>(...roles: R): R & readonly StaffRole[] => roles;

/** Every role: the routes that only read (lists, an application, exports). */
export const ANY_STAFF_ROLE = roleList(...STAFF_ROLES);

/** The roles that record decisions and read them (a reader sees no decision anywhere: docs/decisions-lifecycle.md). */
export const DECIDING_ROLES = roleList('decider', 'admin');
/** The routes only an admin may use (erasure, releases, temporary links). */
export const ADMIN_ONLY = roleList('admin');

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * The role of a token's groups. No group at all is a staff member created before roles
 * existed: they keep the access they had, which was everything (admin). Several role groups
 * (made by hand in the AWS console) give the least of them; groups that are no role give reader.
 */
export function roleOfGroups(groups: readonly string[] | undefined): StaffRole {
  if (!groups || groups.length === 0) return 'admin';
  return STAFF_ROLES.find((role) => groups.includes(role)) ?? 'reader';
}

/** The refusal of a route the role does not allow: a 403 in words. */
export function roleRefusal(role: StaffRole): string {
  return `Your staff role (${role}) does not allow this. Ask an admin of the office if you need it.`;
}
