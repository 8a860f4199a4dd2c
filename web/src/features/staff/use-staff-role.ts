import { useQuery } from '@tanstack/react-query';
import type { StaffRole } from '#form/wire/roles';
import { sessionQuery } from './api/queries';

/**
 * The signed-in member's role (GET /staff/api/session), or undefined until it is known: the
 * console shows only what the role can do (`allows`, form/wire/staff-access.ts: the routes'
 * declared roles), and nothing role-bound before it knows. The server refuses the rest anyway.
 */
export function useStaffRole(enabled = true): StaffRole | undefined {
  const { data } = useQuery({ ...sessionQuery(), enabled });
  return data?.role;
}
