import { createContext, useContext } from 'react';
import type { StaffRole } from '#form/wire/roles';
import { allows } from '#form/wire/staff-access';

const RoleContext = createContext<StaffRole | undefined>(undefined);

/**
 * The signed-in member's role, which the console's frame reads once (GET /staff/api/session) and
 * gives its screens: a screen's chunk then needs nothing of its own to know it.
 */
export const RoleProvider = RoleContext.Provider;

/**
 * Whether the signed-in member may use the staff route a control would call, or one narrower use
 * of it (`use`, as its declaration names it: 'the office-wide trail' of readAudit, 'changing a
 * released decision' of recordDecision); false until the role is known. The routes' declarations
 * say (`allows`, form/wire/staff-access.ts): this is the console's one role check, and the server
 * refuses the rest with the same lists.
 */
export function useAllowed<N extends Parameters<typeof allows>[1]>(name: N, use?: Parameters<typeof allows<N>>[2]): boolean {
  return allows(useContext(RoleContext), name, use);
}
