/**
 * The shape of one route's contract: method and path, who may call it, what it records in the
 * office's access record and an example request (values), and as types what it takes (its
 * input's wire shape) and what it answers. Everything here is also the browser's: the server's
 * own part of a route (its handler's grants) is its row in lambdas/routes.ts.
 */
import type { AuditDeclaration, CheckedAudit } from './audit-words';
import type { QueryParams, RouteInput } from './input';
import type { StaffRole } from './roles';
import type { SisScope } from './sis';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The methods as values, for the endpoint tables. */
export const GET = 'GET';
export const POST = 'POST';
export const PUT = 'PUT';
export const DELETE = 'DELETE';

/** Any route input (the parsers' results are the handler's business). */
export type AnyInput = RouteInput<unknown, unknown, unknown, unknown>;

/** A route that takes neither body nor query parameters. */
export type NoInput = RouteInput<undefined, undefined, undefined, undefined>;
/** What the browser sends to a route that reads it elsewhere than in an input parser (the service token: its access check). */
export type WireOnly<Body, Query> = RouteInput<Body, undefined, Query, undefined>;

/**
 * Who may call a route: public, anyone; applicant, a verified session cookie; service, a
 * service_token in the query; staff, a verified staff session cookie (the staff pool, MFA) of a
 * member whose role the route allows; machine, a student information system's bearer token
 * (OAuth 2.0 client credentials) holding the route's scope. Each level is one module on the server
 * (lambdas/middleware/access/<level>.ts) whose `httpHandler` the route's handler imports.
 */
export type Access = 'public' | 'applicant' | 'service' | 'staff' | 'machine';

export interface Endpoint<M extends HttpMethod = HttpMethod, P extends string = string, I extends AnyInput = AnyInput, R = unknown> {
  readonly method: M;
  /** API Gateway path syntax: `{key}` is a path parameter. The spec's paths, unchanged. */
  readonly path: P;
  readonly access: Access;
  /** Never set: carries the input and response types. */
  readonly types?: { input: I; response: R };
}

type WireOf<I extends AnyInput> = NonNullable<I['wire']>;
/**
 * A request of a route as the browser makes it: its path parameters, body and query (each
 * present when the route takes it). The web client's calls and the routes' examples take this shape.
 */
export type RequestOf<I extends AnyInput, P extends string> = (keyof PathParams<P> extends never ? { path?: undefined } : { path: PathParams<P> }) &
  (WireOf<I>['body'] extends undefined ? { body?: undefined } : { body: WireOf<I>['body'] }) &
  (WireOf<I>['query'] extends undefined
    ? { query?: undefined }
    : object extends WireOf<I>['query']
      ? { query?: WireOf<I>['query'] }
      : { query: WireOf<I>['query'] });

/**
 * A staff route: the roles it allows (form/wire/roles.ts; the staff middleware refuses every
 * other with a 403 before its handler runs, and the console offers it to no other), what it
 * records (`'none'`: nothing, say why beside it), and an example request that passes its input's
 * parsing, so that only the credential or the role can refuse it (the isolation and role tests
 * send it: test/support/route-cases.ts); required when the route takes anything.
 */
type StaffDeclaration<I extends AnyInput, P extends string> = {
  readonly access: 'staff';
  readonly roles: readonly StaffRole[];
  /**
   * Uses of the route a narrower set of roles may make, checked by its use-case (also before
   * anything is written), named as the roles table of docs/staff-api.md says them.
   */
  readonly rolesFor?: Readonly<Record<string, readonly StaffRole[]>>;
  readonly audit: AuditDeclaration | 'none';
} & (object extends RequestOf<I, P> ? { readonly example?: RequestOf<I, P> } : { readonly example: RequestOf<I, P> });

/**
 * A student information system's route (/sis/v1/): the one scope a client's token must hold
 * (form/wire/sis.ts; the machine middleware refuses a token without it, 403, naming it) and what
 * it records in the office's access record, under the client's name.
 */
interface MachineDeclaration {
  readonly access: 'machine';
  readonly scope: SisScope;
  readonly roles?: never;
  readonly rolesFor?: never;
  readonly audit: AuditDeclaration;
  readonly example?: never;
  /** Its success is a 303 to a short-lived link (the body names the link too): the OpenAPI document says so. */
  readonly redirects?: true;
  /** It requires an `Idempotency-Key` header (form/wire/sis-writes.ts): the OpenAPI document says so. */
  readonly idempotencyKey?: 'required';
}

/** Any other route; one outside a session may still record in the access record (the staff sign-in and sign-out). */
interface OpenDeclaration {
  readonly access: Exclude<Access, 'staff' | 'machine'>;
  readonly scope?: never;
  readonly roles?: never;
  readonly rolesFor?: never;
  readonly audit?: AuditDeclaration;
  readonly example?: never;
}

/** A route's declaration as the derivations read any table of them (the isolation and role tests' cases, the docs' roles table). */
export interface DeclaredRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly roles?: readonly StaffRole[];
  readonly scope?: SisScope;
  readonly rolesFor?: Readonly<Record<string, readonly StaffRole[]>>;
  readonly audit?: AuditDeclaration | 'none';
  readonly example?: { readonly path?: Readonly<Record<string, string>>; readonly query?: object; readonly body?: unknown };
}

type Declaration<I extends AnyInput, P extends string> = OpenDeclaration | StaffDeclaration<I, P> | MachineDeclaration;

/** The declaration as written, its access record's words checked (form/wire/audit.ts). */
type Checked<D> = D extends { audit: infer A } ? Omit<D, 'audit'> & { readonly audit: A extends 'none' ? A : CheckedAudit<A> } : D;

/**
 * `endpoint<typeof someInput, Reply>()('PUT', '/api/…', { access: 'applicant' })`: the input and
 * reply types, then the method, the path and the rest of the route's declaration.
 */
export const endpoint =
  <I extends AnyInput = NoInput, R = unknown>() =>
  <M extends HttpMethod, P extends string, const D extends Declaration<I, P>>(method: M, path: P, declaration: D & Checked<D>): Endpoint<M, P, I, R> & D =>
    ({ method, path, ...(declaration as D) }) as Endpoint<M, P, I, R> & D;

type Types<E> = E extends Endpoint<HttpMethod, string, infer I, infer R> ? { input: I; response: R } : never;

/** What a route answers (200). */
export type ResponseOf<E> = Types<E>['response'];
/** The route's input (its parsers and wire shapes). */
export type InputOf<E> = Types<E>['input'];
/** The body the handler receives, parsed. */
export type ParsedBody<E> = InputOf<E>['body'] extends ((raw: unknown) => infer B) | undefined ? B : undefined;
/** The query the handler receives, parsed (routes without a query parser get the raw parameters). */
export type ParsedQuery<E> = InputOf<E>['query'] extends ((raw: QueryParams) => infer Q) | undefined ? (undefined extends Q ? QueryParams : Q) : QueryParams;

/** `{key}` segments of a path, as the arguments the client fills them from. */
export type PathParams<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? { [k in K]: string } & PathParams<Rest> : unknown;

/** The path with its `{param}` segments filled in (each URI-encoded). */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
