/**
 * May this role use that staff route, or that use of it? The routes' declarations say
 * (staff-endpoints.ts: `roles`, `rolesFor`): the console offers a member what this allows, and the
 * server refuses the rest with the same lists (the staff middleware, the use-cases' own checks).
 */
import type { StaffRole } from './roles';
import { staffEndpoints, type StaffEndpoints } from './staff-endpoints';

/** The roles of a staff route, and of the narrower uses of it. */
interface Roled {
  readonly roles: readonly StaffRole[];
  readonly rolesFor?: Readonly<Record<string, readonly StaffRole[]>>;
}

/** The routes of a table that name their roles (the staff routes). */
type RoledName<T> = { [N in keyof T]: T[N] extends Roled ? N : never }[keyof T] & string;
/** The narrower uses a route names. */
type UseOf<T, N extends keyof T> = T[N] extends { rolesFor: infer U } ? keyof U & string : never;

/** Whether a role may use a route of this table, or one narrower use of it; no role (not yet known) may use none. */
export function allowsIn<T>(table: T, role: StaffRole | undefined, name: RoledName<T>, use?: string): boolean {
  if (!role) return false;
  const route = table[name] as Roled;
  const roles = use === undefined ? route.roles : (route.rolesFor?.[use] ?? []);
  return roles.includes(role);
}

/** Whether a role may use this staff route (`use`: one narrower use of it, as its declaration names it). */
export function allows<N extends RoledName<StaffEndpoints>>(role: StaffRole | undefined, name: N, use?: UseOf<StaffEndpoints, N>): boolean {
  return allowsIn(staffEndpoints, role, name, use);
}
