/**
 * `npm run docs:openapi`: the OpenAPI 3.1 document of /sis/v1/ (docs/sis/openapi.json), made from
 * the wire (the routes of form/wire/sis-endpoints.ts, their types through ts-json-schema-generator,
 * the examples of scripts/openapi/examples.ts), and the reference page for people rendered from it
 * (docs/sis/reference.html). GET /sis/v1/openapi.json serves the committed file;
 * test/unit/openapi.test.ts fails when either file differs from what this writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { sisEndpoints } from '#form/wire/sis-endpoints';
import { sisOpenApiDocument } from './openapi/document';
import { SIS_EXAMPLES } from './openapi/examples';
import { referenceHtml } from './openapi/reference-html';
import { sisWireSchemas } from './openapi/wire-types';

export const SIS_DOCS_DIR = resolve(import.meta.dirname, '..', 'docs', 'sis');
export const OPENAPI_FILE = 'openapi.json';
export const REFERENCE_FILE = 'reference.html';
/** The document's version: the API's major (a route or field added to v1 changes nothing here). */
const VERSION = '1';

export function sisOpenApi(): Record<string, unknown> {
  const { routes, error } = sisWireSchemas();
  return sisOpenApiDocument({ routes: sisEndpoints, schemas: routes, error, examples: SIS_EXAMPLES, version: VERSION });
}

/** The files as this writes them, formatted as `prettier --check` wants them: name → content. */
export async function sisDocFiles(document = sisOpenApi()): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [name, text] of [
    [OPENAPI_FILE, JSON.stringify(document)],
    [REFERENCE_FILE, referenceHtml(document)],
  ] as const) {
    const filepath = resolve(SIS_DOCS_DIR, name);
    files.set(name, await format(text, { ...(await resolveConfig(filepath)), filepath }));
  }
  return files;
}

async function main(): Promise<void> {
  const files = await sisDocFiles();
  mkdirSync(SIS_DOCS_DIR, { recursive: true });
  for (const [name, content] of files) writeFileSync(resolve(SIS_DOCS_DIR, name), content);
  process.stdout.write(`wrote ${[...files.keys()].join(' and ')} to docs/sis/\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
