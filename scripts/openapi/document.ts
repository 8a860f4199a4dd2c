/**
 * The OpenAPI 3.1 document of /sis/v1/, made from the routes' declarations (form/wire/sis-endpoints.ts:
 * method, path, scope, an Idempotency-Key, a redirect), their types as JSON Schemas
 * (./wire-types.ts) and the examples (./examples.ts). A route declared there is in the document
 * with nothing added here; only its example is written by hand, checked against its schema by
 * test/unit/openapi.test.ts.
 */
import type { DeclaredRoute } from '#form/wire/endpoint';
import { SIS_ERROR_CODES, SIS_SCOPE_WORDS, tokenScope, type SisScope } from '#form/wire/sis';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '#form/wire/sis-writes';
import { ERROR_EXAMPLES, type RouteExamples } from './examples';
import type { RouteSchemas } from './wire-types';

type Json = Record<string, unknown>;

export const SECURITY_SCHEME = 'sisClientCredentials';
const DOCUMENTATION_TAG = 'documentation';

/** A route as the document reads its declaration. */
export interface DocumentedRoute extends DeclaredRoute {
  readonly redirects?: true;
  readonly idempotencyKey?: 'required';
}

const DESCRIPTION = `The student information system's API: a machine client (OAuth 2.0 client credentials) reads submitted applications and writes decisions and received materials back.

**Versioning.** \`v1\` only grows: new routes, new optional parameters and new fields in answers. A field is never removed or changed in meaning within \`v1\`, so a client must ignore fields it does not know. A breaking change is \`/sis/v2/\`; the older major stays for one admission cycle, answering with \`Deprecation\` and \`Sunset\` headers.

**Errors.** Every refused call answers JSON \`{code, message}\`: \`code\` to branch on, \`message\` in words a person understands (a bad parameter is named).

**Tokens.** \`POST /oauth2/token\` with HTTP Basic (client id and secret), \`grant_type=client_credentials\` and the scopes wanted; in AWS the token endpoint is the stack output \`SisTokenEndpoint\` (the machine pool's domain), locally \`http://localhost:3000/oauth2/token\`.

A walk-through with curl: docs/sis-api.md.`;

/** What a path parameter is, by its name. */
const PATH_PARAMETER_WORDS: Record<string, string> = {
  id: "The application's id (as the list and the office's console name it).",
};

const STATUS_WORDS: Record<keyof typeof SIS_ERROR_CODES, string> = {
  400: 'A bad parameter or body, named in the message.',
  401: 'No token, an expired or invalid one, or one of a revoked or expired client.',
  403: "The token lacks the route's scope, named in the message.",
  404: 'No submitted application has this id (or its PDF is not made yet).',
  409: 'The write meets a rule: a release being finished, a mark made at the same moment, an Idempotency-Key reused with another body.',
  413: 'The body is too large.',
  415: 'The body is not JSON (`content-type: application/json`).',
  422: 'The request cannot be carried out as it is.',
  429: 'More requests than the client may make in a minute; `Retry-After` says when to try again.',
  500: 'Something failed on our side.',
};
const RESPONSE_NAMES: Record<keyof typeof ERROR_EXAMPLES, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'TooLarge',
  415: 'UnsupportedMediaType',
  429: 'RateLimited',
};
type ErrorStatus = keyof typeof RESPONSE_NAMES;

/** The errors a machine route may answer: the machine checks' always, a bad id's where the path has one, and a write's. */
function errorStatuses(route: DocumentedRoute): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 401, 403];
  if (route.path.includes('{')) statuses.push(404);
  if (route.method === 'POST' || route.method === 'PUT' || route.method === 'DELETE') statuses.push(409, 413, 415);
  statuses.push(429);
  return statuses.sort((a, b) => a - b);
}

/** `#/definitions/X` (ts-json-schema-generator) → `#/components/schemas/X`, and the draft-07 root keys dropped. */
function toComponents(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toComponents);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === 'definitions') continue;
    out[key] = key === '$ref' && typeof value === 'string' ? value.replace('#/definitions/', '#/components/schemas/') : toComponents(value);
  }
  return out;
}

/** An answer's schema admits fields it does not name: v1 may add them (a client must ignore what it does not know). */
function opened(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(opened);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, opened(value)]),
  );
}

/** The first sentence of a declaration's comment (up to a colon, a semicolon or a full stop), for the operation's summary. */
export function summaryOf(comment: string): string {
  const flat = comment.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.;:](\s|$)/);
  return end === -1 ? flat : flat.slice(0, end);
}

const pathParameters = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

function queryParameters(query: Json | undefined): Json[] {
  if (!query) return [];
  const properties = (query.properties ?? {}) as Record<string, Json>;
  const required = new Set((query.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

function errorResponses(): Json {
  const responses: Json = {};
  for (const [status, name] of Object.entries(RESPONSE_NAMES) as [`${ErrorStatus}`, string][]) {
    const code = Number(status) as keyof typeof ERROR_EXAMPLES;
    responses[name] = {
      description: STATUS_WORDS[code],
      ...(code === 429
        ? { headers: { 'Retry-After': { description: 'Seconds until the client may call again.', schema: { type: 'integer', minimum: 1 } } } }
        : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/SisError' }, example: ERROR_EXAMPLES[code] } },
    };
  }
  return responses;
}

export interface DocumentInput {
  /** The routes of form/wire/sis-endpoints.ts by name. */
  routes: Readonly<Record<string, DocumentedRoute>>;
  /** Their types as schemas (./wire-types.ts), by name. */
  schemas: ReadonlyMap<string, RouteSchemas>;
  /** The error shape's schema, with its definitions. */
  error: RouteSchemas['response'];
  examples: Readonly<Record<string, RouteExamples | undefined>>;
  version: string;
}

export function sisOpenApiDocument({ routes, schemas, error, examples, version }: DocumentInput): Json {
  const components: Json = {};
  const addDefinitions = (schema: { definitions?: Json } | undefined, open: boolean) => {
    for (const [name, definition] of Object.entries(schema?.definitions ?? {})) components[name] = toComponents(open ? opened(definition) : definition);
  };
  const paths: Record<string, Json> = {};
  const usedScopes = new Set<SisScope>();
  let documentationRoutes = 0;
  for (const [name, route] of Object.entries(routes)) {
    const types = schemas.get(name);
    if (!types) throw new Error(`${name}: no schemas (scripts/openapi/wire-types.ts reads form/wire/sis-endpoints.ts)`);
    const example = examples[name];
    const machine = route.access === 'machine' && route.scope;
    if (machine) usedScopes.add(route.scope);
    else documentationRoutes++;
    addDefinitions(types.response, true);
    addDefinitions(types.body, true);
    addDefinitions(types.query, true);
    const success = route.redirects ? '303' : '200';
    const operation: Json = {
      operationId: name,
      summary: summaryOf(types.comment),
      description: types.comment.replace(/\s*\n\s*/g, ' '),
      tags: [machine ? route.scope : DOCUMENTATION_TAG],
      security: machine ? [{ [SECURITY_SCHEME]: [tokenScope(route.scope)] }] : [],
      parameters: [
        ...pathParameters(route.path).map((p) => ({
          name: p,
          in: 'path',
          required: true,
          ...(PATH_PARAMETER_WORDS[p] ? { description: PATH_PARAMETER_WORDS[p] } : {}),
          schema: { type: 'string' },
        })),
        ...queryParameters(toComponents(types.query) as Json | undefined),
        ...(route.idempotencyKey ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      ],
      ...(types.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toComponents(types.body), ...(example?.request ? { example: example.request } : {}) } },
            },
          }
        : {}),
      responses: {
        [success]: {
          description: route.redirects ? 'See Other: `Location` is a link valid 5 minutes (the body names it too).' : 'OK',
          ...(route.redirects ? { headers: { Location: { description: 'The link, valid 5 minutes.', schema: { type: 'string', format: 'uri' } } } } : {}),
          content: {
            'application/json': {
              schema: toComponents(opened(types.response ?? {})),
              ...(example?.response ? { example: example.response } : {}),
            },
          },
        },
        ...(machine ? Object.fromEntries(errorStatuses(route).map((s) => [String(s), { $ref: `#/components/responses/${RESPONSE_NAMES[s]}` }])) : {}),
      },
    };
    if (operation.parameters && (operation.parameters as unknown[]).length === 0) delete operation.parameters;
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation };
  }
  addDefinitions(error, true);
  const scopes = Object.fromEntries((Object.keys(SIS_SCOPE_WORDS) as SisScope[]).map((s) => [tokenScope(s), SIS_SCOPE_WORDS[s]]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Student information system API',
      version,
      summary: 'Submitted applications for an institution’s student information system, and decisions and materials written back.',
      description: DESCRIPTION,
    },
    servers: [
      { url: 'http://localhost:3000', description: 'The local stack (`npm start`)' },
      {
        url: 'https://{apiHost}',
        description: "The API's host name in AWS (the stack output ApiEndpoint's host); the token endpoint is the stack output SisTokenEndpoint.",
        variables: { apiHost: { default: 'api.admissions.invalid', description: 'The API host name of your deployment.' } },
      },
    ],
    tags: [
      ...(Object.keys(SIS_SCOPE_WORDS) as SisScope[])
        .filter((s) => usedScopes.has(s))
        .map((s) => ({ name: s, description: `${SIS_SCOPE_WORDS[s]}: the routes a token with the scope \`${tokenScope(s)}\` may call.` })),
      ...(documentationRoutes ? [{ name: DOCUMENTATION_TAG, description: 'This document, public.' }] : []),
    ],
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'oauth2',
          description: 'OAuth 2.0 client credentials: one client per system, with only the scopes it needs (`npm run sis -- add-client`).',
          flows: { clientCredentials: { tokenUrl: '/oauth2/token', scopes } },
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description:
            'A value of your own (a UUID does), sent again unchanged when you retry the same request: the same key and body within 24 hours answer the first answer; the same key with another body is a 409. Keys are per client.',
          schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x21-\\x7e]+$' },
        },
      },
      responses: errorResponses(),
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
