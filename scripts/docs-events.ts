/**
 * `npm run docs:events`: a JSON Schema (draft-07) per event type in docs/events/, generated from
 * the event contract (form/wire/events.ts, `EventDetails`) with ts-json-schema-generator, so the
 * schemas an integration validates against are the types the product publishes.
 * test/unit/event-schemas.test.ts fails when a committed file differs from what this writes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { createGenerator, type Definition } from 'ts-json-schema-generator';
import { EVENT_SOURCE, EVENT_VERSION, type SubmissionEventType } from '#form/wire/events';

const ROOT = resolve(import.meta.dirname, '..');
export const EVENTS_DIR = resolve(ROOT, 'docs', 'events');

/** The file of an event type's schema: `Offer Accepted` → offer-accepted.schema.json. */
export const schemaFile = (type: SubmissionEventType): string => `${type.toLowerCase().replace(/ /g, '-')}.schema.json`;

/** Every event type's detail schema, by type, with its definitions inlined where they are used once. */
export function eventSchemas(): Map<SubmissionEventType, Definition> {
  const generator = createGenerator({
    path: resolve(ROOT, 'form', 'wire', 'events.ts'),
    tsconfig: resolve(ROOT, 'tsconfig.node.json'),
    type: 'EventDetails',
    expose: 'none',
    topRef: false,
    // Consumers' validators must let version 1's later fields through (it only grows);
    // test/unit/event-schemas.test.ts checks the product's own events against a closed copy.
    additionalProperties: true,
    skipTypeCheck: true,
  });
  const all = generator.createSchema('EventDetails');
  const schemas = new Map<SubmissionEventType, Definition>();
  for (const [type, detail] of Object.entries(all.properties ?? {}) as [SubmissionEventType, Definition][]) {
    schemas.set(type, {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: `https://admissions.example/events/v${EVENT_VERSION}/${schemaFile(type)}`,
      title: `${type} (detail, version ${EVENT_VERSION})`,
      ...detail,
      description: `${detail.description ? `${detail.description} ` : ''}The \`detail\` of an event with source \`${EVENT_SOURCE}\` and detail-type \`${type}\`.`,
    });
  }
  return schemas;
}

/** The files as this writes them, formatted as `prettier --check` wants them: name → content. */
export async function eventSchemaFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [type, schema] of eventSchemas()) {
    const filepath = resolve(EVENTS_DIR, schemaFile(type));
    files.set(schemaFile(type), await format(JSON.stringify(schema), { ...(await resolveConfig(filepath)), filepath }));
  }
  return files;
}

async function main(): Promise<void> {
  const files = await eventSchemaFiles();
  mkdirSync(EVENTS_DIR, { recursive: true });
  for (const old of readdirSync(EVENTS_DIR)) if (old.endsWith('.schema.json') && !files.has(old)) rmSync(resolve(EVENTS_DIR, old));
  for (const [name, content] of files) writeFileSync(resolve(EVENTS_DIR, name), content);
  process.stdout.write(`wrote ${files.size} schemas to docs/events/\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
