import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Invalid, PayloadTooLarge, UnsupportedMediaType } from '#domain/errors';
import { stateOf, type HttpMiddleware } from './pipeline';

/** Largest JSON body any route accepts; a full answer set is ~20 kB. */
export const MAX_BODY_BYTES = 256 * 1024;
/** Deepest JSON nesting accepted: no route needs more than 2; bounds parser work on hostile input. */
export const MAX_JSON_DEPTH = 8;
/**
 * Names that reach an object's prototype when code copies a parsed body into another object.
 * No field of any route has them, so they are refused once, here, and nothing downstream has
 * to think about them.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor']);

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

class PrototypeKey extends Error {}

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
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (PROTOTYPE_KEYS.has(key)) throw new PrototypeKey();
      return value;
    });
  } catch (error) {
    if (error instanceof PrototypeKey) throw new Invalid('The request contains a field name that is not allowed.');
    throw new Invalid('The request body is not valid JSON.');
  }
  if (depthOf(parsed) > MAX_JSON_DEPTH) throw new Invalid('The request body is nested too deeply.');
  return parsed;
}

/** Parses the body once for the whole pipeline (after the caller is known; see access.ts). */
export function jsonBody(): HttpMiddleware {
  return {
    before: (request) => {
      stateOf(request.context).json = parseJsonBody(request.event);
    },
  };
}
