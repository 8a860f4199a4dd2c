import { useQuery } from '@tanstack/react-query';
import type { StaffRole } from '#form/wire/roles';
import { sessionQuery } from '../api/queries';

/**
 * The signed-in member's role (GET /staff/api/session), or undefined until it is known: the
 * console shows only what the role can do, and nothing role-bound before it knows. The server
 * refuses the rest anyway.
 */
export function useStaffRole(enabled = true): StaffRole | undefined {
  const { data } = useQuery({ ...sessionQuery(), enabled });
  return data?.role;
}

/** Temporary links and the office-wide access record are an admin's. */
export const canSeeOfficeTools = (role: StaffRole | undefined) => role === 'admin';

/** Decisions (one or many), the reviews of others, the decision and reply columns: deciders' and admins'. */
export const canDecide = (role: StaffRole | undefined) => role === 'decider' || role === 'admin';

/** Releasing decisions and changing a released one: an admin's. */
export const canRelease = (role: StaffRole | undefined) => role === 'admin';
