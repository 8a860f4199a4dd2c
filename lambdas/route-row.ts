/**
 * A handler's row without the route table: what the pipeline reads of it at run time (its name,
 * access, lock, link and roles), written in the handler module and checked by the compiler
 * against the table (lambdas/routes.ts), so the Lambda does not bundle the table, its grants and
 * every route's contract to look up five fields (about 16 kB of a route's minified bundle, and
 * five of our modules). `route('name')` (routes.ts) gives the same fields from the table.
 *
 *   export const handler = httpHandler(routeRow('saveAnswers', { access: 'applicant', lockedAfterSubmit: 'by-its-write' }), …);
 *
 * A field the table's row has must be given with the table's value, and a field it lacks must
 * not be given: any difference is a compile error here. The access and roles are the route's
 * contract's (form/wire), so the staff middleware's role check is the declared one: each list of
 * roles is typed by the roles it holds (form/wire/roles.ts), so another list does not compile.
 */
import type { RouteDef, RouteName, routes } from './routes';

/** The fields of a row the pipeline (middleware/http.ts) reads at run time. */
export type PipelineKey = 'name' | 'access' | 'lockedAfterSubmit' | 'openedByLink' | 'roles' | 'scope';
export type PipelineRow = Pick<RouteDef, PipelineKey>;

type RowOf<N extends RouteName> = Extract<(typeof routes)[number], { name: N }>;
type Given = Exclude<PipelineKey, 'name'>;
/** The table's values of the row's fields, and `never` for those it does not have. */
type RowFields<N extends RouteName> = { readonly [K in Given & keyof RowOf<N>]: RowOf<N>[K] } & { readonly [K in Exclude<Given, keyof RowOf<N>>]?: never };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Each given value exactly the table's (a narrower list of roles than the table's is a difference too). */
type Exactly<N extends RouteName, F> = {
  [K in keyof F]: K extends keyof RowOf<N> ? (Same<F[K], RowOf<N>[K]> extends true ? F[K] : { readonly differsFromTheRouteTable: RowOf<N>[K] }) : never;
};

export function routeRow<N extends RouteName, const F extends RowFields<N>>(name: N, fields: F & Exactly<N, F>): { name: N } & F {
  return { name, ...fields };
}
