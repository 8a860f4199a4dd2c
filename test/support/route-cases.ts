/**
 * The isolation and role tests' cases, derived from the routes' declarations (form/wire: access,
 * roles, narrower uses, example): a new route is covered by declaring it, with nothing listed
 * here or in the tests. Each request is the route's example (its path parameters, query and
 * body), which passes its input's parsing, so only the credential or the role refuses it.
 */
import type { DeclaredRoute, HttpMethod } from '#form/wire/endpoint';
import { STAFF_ROLES, type StaffRole } from '#form/wire/roles';

export type DeclaredRoutes = Readonly<Record<string, DeclaredRoute>>;

/** One request of a case: its method, its address (path parameters and query filled in) and body. */
export interface CaseRequest {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

/** A staff route, with its name and roles. */
export type StaffRoute = DeclaredRoute & { name: string; roles: readonly StaffRole[] };

/** A route's example as a request: without one, its path as it is, and no body or query. */
export function exampleRequest(route: DeclaredRoute): CaseRequest {
  const { path = {}, query = {}, body } = route.example ?? {};
  const address = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(path[name] ?? name));
  const search = new URLSearchParams(query as Record<string, string>).toString();
  return { method: route.method, path: search ? `${address}?${search}` : address, ...(body === undefined ? {} : { body }) };
}

/** The routes behind a staff session, with their names. */
export function staffRoutes(routes: DeclaredRoutes): StaffRoute[] {
  return Object.entries(routes)
    .filter(([, r]) => r.access === 'staff')
    .map(([name, r]) => ({ ...r, name, roles: r.roles ?? [] }));
}

/** The routes behind an applicant's session, with their names. */
export function applicantRoutes(routes: DeclaredRoutes): Array<DeclaredRoute & { name: string }> {
  return Object.entries(routes)
    .filter(([, r]) => r.access === 'applicant')
    .map(([name, r]) => ({ ...r, name }));
}

/** Every staff route and each role it does not allow: a 403 before its handler runs. */
export function roleRefusals(routes: DeclaredRoutes): Array<{ route: StaffRoute; role: StaffRole; request: CaseRequest }> {
  return staffRoutes(routes).flatMap((route) =>
    STAFF_ROLES.filter((role) => !route.roles.includes(role)).map((role) => ({ route, role, request: exampleRequest(route) })),
  );
}

/**
 * The role a route's allowed pass is made with: the least role it allows that may make every
 * narrower use of it too (the example may be such a use: the office-wide audit), else the least it allows.
 */
export function allowedRole(route: StaffRoute): StaffRole | undefined {
  const everyUse = route.roles.filter((role) => Object.values(route.rolesFor ?? {}).every((roles) => roles.includes(role)));
  return STAFF_ROLES.find((role) => everyUse.includes(role)) ?? STAFF_ROLES.find((role) => route.roles.includes(role));
}

/** The values the examples put in paths (an application's id, a link's): where a refused request could have left a record. */
export function examplePathValues(routes: DeclaredRoutes): string[] {
  return [...new Set(Object.values(routes).flatMap((r) => Object.values(r.example?.path ?? {})))];
}
