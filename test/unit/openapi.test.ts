/**
 * docs/sis/ is the /sis/v1/ API's OpenAPI document and reference page as `npm run docs:openapi`
 * writes them from the wire; the document passes Redocly's recommended rules, names every /sis/
 * route of the route table with its method and scope, and its examples are valid against its
 * own schemas (held closed, as the events' are: test/support/event-schemas.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenScope } from '#form/wire/sis';
import { routes, type RouteDef } from '#lambdas/routes';
import { OPENAPI_FILE, REFERENCE_FILE, SIS_DOCS_DIR, sisDocFiles, sisOpenApi } from '../../scripts/openapi';
import { SECURITY_SCHEME, sisOpenApiDocument, summaryOf } from '../../scripts/openapi/document';
import type { RouteSchemas } from '../../scripts/openapi/wire-types';
import { closed } from '../support/event-schemas';

type Json = Record<string, unknown>;
type Operation = Json & { operationId: string; security: Array<Record<string, string[]>>; responses: Record<string, Json>; parameters?: Json[] };

const DOCUMENT_PATH = resolve(SIS_DOCS_DIR, OPENAPI_FILE);
const committed = () => JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as Json;
const operations = (document: Json) =>
  Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

/**
 * Redocly's recommended rules, each warning that remains answered here:
 * - `info-license`: the repository has no licence yet; the document names none rather than invent one.
 * - `no-server-example.com`: the localhost server is the local stack, the sandbox a vendor builds against.
 * - `operation-2xx-response` on the PDF: it answers 303 to a short-lived link by design (docs/sis-api.md).
 * - `operation-4xx-response` on the document's own route: public and without input, it refuses nothing.
 */
async function lintProblems(source: string) {
  const pointer = (path: string, method: string) => `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses`;
  const config = await createConfig(
    { extends: ['recommended'], rules: { 'info-license': 'off', 'no-server-example.com': 'off' } },
    {
      ignore: {
        [DOCUMENT_PATH]: {
          'operation-2xx-response': new Set([pointer('/sis/v1/applications/{id}/pdf', 'get')]),
          'operation-4xx-response': new Set([pointer('/sis/v1/openapi.json', 'get')]),
        },
      },
    },
  );
  const problems = await lintFromString({ source, absoluteRef: DOCUMENT_PATH, config });
  return problems.filter((p) => !p.ignored).map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
}

describe('the OpenAPI document of /sis/v1/ (docs/sis/)', () => {
  let files: Map<string, string>;
  let fresh: Json;
  // The TypeScript program behind the generator: seconds on a loaded machine.
  beforeAll(async () => {
    fresh = sisOpenApi();
    files = await sisDocFiles(fresh);
  }, 90_000);

  it('is what `npm run docs:openapi` writes from the wire, with its reference page', () => {
    expect([...files.keys()].sort()).toEqual([OPENAPI_FILE, REFERENCE_FILE]);
    for (const [name, content] of files) expect(readFileSync(resolve(SIS_DOCS_DIR, name), 'utf8'), `docs/sis/${name}: run npm run docs:openapi`).toBe(content);
  });

  it("passes Redocly's recommended rules with no error or warning", async () => {
    expect(await lintProblems(readFileSync(DOCUMENT_PATH, 'utf8'))).toEqual([]);
  }, 30_000);

  it('and the linter refuses a broken one (an operation without its path parameter, an unknown $ref)', async () => {
    const broken = structuredClone(committed()) as { paths: Record<string, Record<string, Operation>> };
    const read = broken.paths['/sis/v1/applications/{id}']!.get!;
    delete read.parameters;
    read.responses['200'] = { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nowhere' } } } };
    const problems = await lintProblems(JSON.stringify(broken));
    expect(problems.some((p) => p.startsWith('error path-parameters-defined'))).toBe(true);
    expect(problems.some((p) => p.includes('no-unresolved-refs'))).toBe(true);
  }, 30_000);

  it('names every /sis/ route of the route table with its method and scope, and no other', () => {
    const sisRows = (routes as readonly RouteDef[]).filter((r) => r.path.startsWith('/sis/'));
    expect(sisRows.length).toBeGreaterThan(0);
    const documented = operations(committed()).map(({ path, method, op }) => ({
      name: op.operationId,
      method,
      path,
      scopes: op.security.flatMap((s) => s[SECURITY_SCHEME] ?? []),
    }));
    const expected = sisRows.map((r) => ({ name: r.name, method: r.method, path: r.path, scopes: r.access === 'machine' ? [tokenScope(r.scope)] : [] }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(documented.sort(byName)).toEqual(expected.sort(byName));
  });

  it("lists each machine operation's errors as {code, message}, 429 with Retry-After, and the decision's Idempotency-Key", () => {
    const document = committed();
    const components = document.components as { responses: Record<string, Json>; parameters: Record<string, Json> };
    for (const { op } of operations(document).filter(({ op }) => op.security.length > 0)) {
      for (const status of ['400', '401', '403', '429']) expect(op.responses[status], `${op.operationId} ${status}`).toBeDefined();
    }
    expect(components.responses.RateLimited?.headers).toHaveProperty('Retry-After');
    const decision = operations(document).find(({ op }) => op.operationId === 'sisRecordDecision')!.op;
    expect(decision.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: true });
    expect(decision.responses['409']).toBeDefined();
  });

  it('has an example for every JSON answer and body, each valid against its schema held closed', () => {
    const document = closed(committed()) as Json;
    const ajv = new Ajv2020({
      allErrors: true,
      strict: false,
      formats: { 'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, date: /^\d{4}-\d\d-\d\d$/, email: /^[^@\s]+@[^@\s]+$/, uri: /^https?:\/\// },
    });
    ajv.addSchema({ ...document, $id: 'sis-openapi' });
    const problems: string[] = [];
    const check = (where: string, content: Json | undefined) => {
      const json = content?.['application/json'] as { schema: Json; example?: unknown } | undefined;
      if (!json) return;
      if (json.example === undefined) return problems.push(`${where}: no example (scripts/openapi/examples.ts)`);
      const validate = ajv.compile({ $ref: `sis-openapi#${where}/content/application~1json/schema` });
      if (!validate(json.example)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    for (const { path, method, op } of operations(document)) {
      if (op.operationId === 'sisOpenApi') continue;
      const at = `/paths/${path.replace(/\//g, '~1')}/${method.toLowerCase()}`;
      check(`${at}/requestBody`, (op.requestBody as Json | undefined)?.content as Json | undefined);
      for (const [status, response] of Object.entries(op.responses)) if (!response.$ref) check(`${at}/responses/${status}`, response.content as Json);
    }
    for (const name of Object.keys((document.components as { responses: Json }).responses))
      check(`/components/responses/${name}`, ((document.components as { responses: Record<string, Json> }).responses[name] as Json).content as Json);
    expect(problems).toEqual([]);
  });

  it('and the closed schemas refuse a wrong example: a field renamed, a bad enum value, a malformed time', () => {
    const document = closed(committed()) as Json;
    const ajv = new Ajv2020({ strict: false, formats: { 'date-time': /^\d{4}-\d\d-\d\dT/, date: true, email: true, uri: true } });
    ajv.addSchema({ ...document, $id: 'sis-openapi' });
    const validate = ajv.compile({ $ref: 'sis-openapi#/components/schemas/SisApplication' });
    const read = operations(document).find(({ op }) => op.operationId === 'sisReadApplication')!.op;
    const example = (read.responses['200']!.content as { 'application/json': { example: Json } })['application/json'].example;
    expect(validate(example)).toBe(true);
    const { reference, ...renamed } = example;
    for (const wrong of [
      { ...renamed, ref: reference },
      { ...example, office_status: 'accepted' },
      { ...example, submitted_at: 'yesterday' },
    ])
      expect(validate(wrong), JSON.stringify(wrong).slice(0, 60)).toBe(false);
  });

  it('takes a new route from its declaration alone: a list with query parameters, its scope and its errors', () => {
    const query: RouteSchemas['query'] = {
      type: 'object',
      properties: { since: { type: 'string', description: 'ISO 8601.' }, cursor: { type: 'string' }, limit: { type: 'string' } },
      required: ['since'],
      additionalProperties: false,
    };
    const document = sisOpenApiDocument({
      routes: { list: { method: 'GET', path: '/sis/v1/applications', access: 'machine', scope: 'applications.read' } },
      schemas: new Map([
        [
          'list',
          {
            comment: 'Submitted applications changed since then: oldest first.',
            query,
            response: { $ref: '#/definitions/Page', definitions: { Page: { type: 'object' } } },
          },
        ],
      ]),
      error: { $ref: '#/definitions/SisError', definitions: { SisError: { type: 'object' } } },
      examples: {},
      version: '1',
    });
    const { op } = operations(document)[0]!;
    expect(op).toMatchObject({
      operationId: 'list',
      summary: 'Submitted applications changed since then',
      security: [{ [SECURITY_SCHEME]: ['sis/applications.read'] }],
    });
    expect(op.parameters).toEqual([
      { name: 'since', in: 'query', required: true, description: 'ISO 8601.', schema: { type: 'string' } },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'string' } },
    ]);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
    expect((document.components as { schemas: Json }).schemas).toHaveProperty('Page');
  });

  it("summarises an operation by its declaration's first sentence", () => {
    expect(summaryOf('Marks a checklist item received, as the office does; the answer is the materials.')).toBe(
      'Marks a checklist item received, as the office does',
    );
    expect(summaryOf('303 to a link (`application-<reference>.pdf`): 404 while there is none.')).toBe('303 to a link (`application-<reference>.pdf`)');
  });
});
