/**
 * How a route reads its input. A route's input is declared once, here in the wire: `In` is what
 * the browser sends (the web client's argument type), the parser is what the server runs (the
 * handler receives its result). The browser imports only the types, so none of this code, nor
 * the parts of the form model a parser consults, reaches its bundle.
 */

export type FieldErrors = Record<string, string[]>;

/** Bad input: answered 400 with `{message, errors?}` by the server's error middleware. */
export class InputError extends Error {
  constructor(
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'InputError';
  }
}

export type QueryParams = Record<string, string>;

/** The parsers of one route: body (raw JSON) and query (the string parameters); either may be absent. */
export interface InputParsers<B, Q> {
  body?: (raw: unknown) => B;
  query?: (raw: QueryParams) => Q;
}

/**
 * One route's input: its parsers, and (types only) what the browser sends. `Body`/`Query` are
 * the wire shapes; `B`/`Q` the parsed values the handler gets.
 */
export interface RouteInput<Body, B, Query, Q> extends InputParsers<B, Q> {
  /** Never set: carries the wire types for the client. */
  readonly wire?: { body: Body; query: Query };
}

/** An input the server parses: the handler module hands it to its httpHandler. */
export interface ParsedInput<Body, B, Query, Q> extends RouteInput<Body, B, Query, Q> {
  readonly parses: true;
}

/** A route input with a body: `bodyInput<WireShape>()(parse)`. */
export const bodyInput =
  <Body>() =>
  <B>(parse: (raw: unknown) => B): ParsedInput<Body, B, undefined, undefined> & { body: (raw: unknown) => B } => ({ body: parse, parses: true });

/** A route input with a query string: `queryInput<WireShape>()(parse)`. */
export const queryInput =
  <Query>() =>
  <Q>(parse: (raw: QueryParams) => Q): ParsedInput<undefined, undefined, Query, Q> & { query: (raw: QueryParams) => Q } => ({ query: parse, parses: true });

export function requireObject(raw: unknown, what = 'The request body'): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new InputError(`${what} must be a JSON object.`);
  }
  return raw as Record<string, unknown>;
}

export function rejectUnknownFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw new InputError(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}.`);
  }
}

/** A body of exactly these string fields (missing ones become ''); anything else is refused. */
export function stringFields<K extends string>(raw: unknown, fields: readonly K[], maxLength = 1024): Record<K, string> {
  const body = requireObject(raw ?? {});
  rejectUnknownFields(body, fields);
  const out = {} as Record<K, string>;
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null) {
      out[field] = '';
    } else if (typeof value !== 'string') {
      throw new InputError(`${field} must be a string.`, { [field]: [`${field} must be a string.`] });
    } else if (value.length > maxLength) {
      throw new InputError(`${field} is too long.`, { [field]: [`${field} must be at most ${maxLength} characters.`] });
    } else {
      out[field] = value;
    }
  }
  return out;
}

/** Query parameters: only these, each at most maxLength (others are ignored). */
export function queryFields<K extends string>(raw: QueryParams, fields: readonly K[], maxLength = 256): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const value = raw[field];
    if (value === undefined) continue;
    if (value.length > maxLength) throw new InputError(`The ${field} parameter is too long.`);
    out[field] = value;
  }
  return out;
}
