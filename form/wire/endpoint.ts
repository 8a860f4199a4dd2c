/**
 * The shape of one route's contract: method and path (values, the only part the browser's code
 * carries), and as types what it takes (its input's wire shape) and what it answers.
 */
import type { QueryParams, RouteInput } from './input';

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

export interface Endpoint<M extends HttpMethod = HttpMethod, P extends string = string, I extends AnyInput = AnyInput, R = unknown> {
  readonly method: M;
  /** API Gateway path syntax: `{key}` is a path parameter. The spec's paths, unchanged. */
  readonly path: P;
  /** Never set: carries the input and response types. */
  readonly types?: { input: I; response: R };
}

/** `endpoint<typeof someInput, Reply>()('PUT', '/api/…')`: the input and reply types, then the method and path. */
export const endpoint =
  <I extends AnyInput = NoInput, R = unknown>() =>
  <M extends HttpMethod, P extends string>(method: M, path: P): Endpoint<M, P, I, R> => ({ method, path });

type Types<E> = E extends Endpoint<HttpMethod, string, infer I, infer R> ? { input: I; response: R } : never;

/** What a route answers (200). */
export type ResponseOf<E> = Types<E>['response'];
/** The route's input (its parsers and wire shapes). */
export type InputOf<E> = Types<E>['input'];
/** The body the browser sends (undefined: none). */
export type WireBody<E> = NonNullable<InputOf<E>['wire']>['body'];
/** The query parameters the browser sends (undefined: none). */
export type WireQuery<E> = NonNullable<InputOf<E>['wire']>['query'];
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
