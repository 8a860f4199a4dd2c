import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { Invalid, PayloadTooLarge, UnsupportedMediaType, Unauthorized } from '../domain/errors';
import { errorMapper } from './errors';
import { jsonResponse } from './response';
import { authenticateApplicant, authenticateService, type Applicant, type ServiceCaller } from './session';
import type { Access } from '../routes';
import { authenticateStaff, type StaffMember } from './staff-session';

/** Largest JSON body any route accepts; a full answer set is ~20 kB. */
export const MAX_BODY_BYTES = 256 * 1024;
/** Deepest JSON nesting accepted: no route needs more than 2; bounds parser work on hostile input. */
export const MAX_JSON_DEPTH = 8;

export type Parser<T> = (raw: unknown) => T;

export interface HandlerSpec<B, Q> {
  /** Route name from routes.ts, for logs. */
  name: string;
  access: Access;
  /** Parses and validates the JSON body; throw Invalid on bad input. Omit for routes without a body. */
  body?: Parser<B>;
  /** Parses the query string parameters. */
  query?: (raw: Record<string, string>) => Q;
}

export interface HttpRequest<B, Q, A extends Access> {
  body: B;
  query: Q;
  path: Record<string, string>;
  event: APIGatewayProxyEventV2;
  /** The verified token's subject. Present exactly when access is 'applicant'. */
  applicant: A extends 'applicant' ? Applicant : undefined;
  service: A extends 'service' ? ServiceCaller : undefined;
  /** The verified staff member. Present exactly when access is 'staff'. */
  staff: A extends 'staff' ? StaffMember : undefined;
  /** Cookies the response must set (refreshed tokens); handlers may push more. */
  setCookies: string[];
}

/** A handler result: a plain value is 200 JSON; a Reply sets status and cookies. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly cookies: string[] = [],
    readonly headers: Record<string, string> = {},
  ) {}
}

export function reply(status: number, body: unknown, cookies: string[] = [], headers: Record<string, string> = {}): Reply {
  return new Reply(status, body, cookies, headers);
}

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_JSON_DEPTH) return depth;
  if (value === null || typeof value !== 'object') return depth;
  let max = depth + 1;
  for (const v of Object.values(value as Record<string, unknown>)) {
    max = Math.max(max, depthOf(v, depth + 1));
    if (max > MAX_JSON_DEPTH) break;
  }
  return max;
}

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const h = event.headers ?? {};
  return h[name] ?? h[name.toLowerCase()] ?? Object.entries(h).find(([k]) => k.toLowerCase() === name)?.[1];
}

/**
 * `application/json`, with no charset or UTF-8 (the only encoding JSON may travel in, RFC 8259);
 * not a look-alike such as `application/json-patch+json`.
 */
function isJsonUtf8(contentType: string): boolean {
  const [type, ...params] = contentType.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((p) => {
    const [name = '', value = ''] = p.split('=').map((part) => part.trim());
    return name !== 'charset' || value.replace(/^"(.*)"$/, '$1') === 'utf-8';
  });
}

/**
 * Parses the JSON body. Requiring `application/json` is also the CSRF defence: a cross-site
 * HTML form cannot send that content type without a CORS preflight, which we never grant.
 */
export function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
  const raw = event.body;
  const contentType = (header(event, 'content-type') ?? '').trim();
  // A form's content type is refused even with no fields: a bodiless cross-site form post
  // (e.g. to /api/submit) must not get through on the cookie alone.
  if (contentType !== '' && !isJsonUtf8(contentType)) throw new UnsupportedMediaType();
  if (raw == null || raw === '') return undefined;
  if (contentType === '') throw new UnsupportedMediaType();
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new PayloadTooLarge();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Invalid('The request body is not valid JSON.');
  }
  if (depthOf(parsed) > MAX_JSON_DEPTH) throw new Invalid('The request body is nested too deeply.');
  return parsed;
}

/**
 * Builds a Lambda handler: body and query parsed by their schema, the caller authenticated by
 * the route's access level, the result serialised as JSON, and every error mapped in one place.
 */
export function httpHandler<B = undefined, Q = Record<string, string>, A extends Access = Access>(
  spec: HandlerSpec<B, Q> & { access: A },
  run: (req: HttpRequest<B, Q, A>) => Promise<unknown>,
) {
  const base = async (event: APIGatewayProxyEventV2, _context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const setCookies: string[] = [];
    // Who is asking comes first: an unauthenticated caller learns nothing about input rules.
    let applicant: Applicant | undefined;
    let service: ServiceCaller | undefined;
    if (spec.access === 'applicant') {
      const session = await authenticateApplicant(event);
      applicant = session.applicant;
      setCookies.push(...session.setCookies);
    } else if (spec.access === 'service') {
      service = await authenticateService(event);
    }
    let staff: StaffMember | undefined;
    if (spec.access === 'staff') {
      const session = await authenticateStaff(event);
      staff = session.staff;
      setCookies.push(...session.setCookies);
    }
    if (spec.access === 'applicant' && !applicant) throw new Unauthorized();

    const rawBody = parseJsonBody(event);
    if (!spec.body && rawBody !== undefined) throw new Invalid('This request does not take a body.');
    const body = spec.body ? spec.body(rawBody) : (undefined as B);
    const rawQuery: Record<string, string> = {};
    for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v !== undefined) rawQuery[k] = v;
    const query = spec.query ? spec.query(rawQuery) : (rawQuery as Q);

    const result = await run({
      body,
      query,
      path: (event.pathParameters ?? {}) as Record<string, string>,
      event,
      applicant: applicant as HttpRequest<B, Q, A>['applicant'],
      service: service as HttpRequest<B, Q, A>['service'],
      staff: staff as HttpRequest<B, Q, A>['staff'],
      setCookies,
    });
    if (result instanceof Reply) {
      return jsonResponse(result.status, result.body, [...setCookies, ...result.cookies], result.headers);
    }
    return jsonResponse(200, result ?? {}, setCookies);
  };
  return middy(base).use(errorMapper(spec.name));
}
