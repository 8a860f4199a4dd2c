/**
 * The published event schemas (docs/events/, `npm run docs:events`) as the tests hold the
 * product's own events to them: closed (every object refuses a field its schema does not name),
 * where consumers get them open, since version 1 only grows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';

const EVENTS_DIR = resolve(import.meta.dirname, '..', '..', 'docs', 'events');

type Schema = Record<string, unknown>;

/** Every object schema refuses a field it does not name (where the schema says nothing): the product held to exactly what it publishes. */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closed(v)]));
  if (out.type === 'object' && out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

let validators: Map<string, ValidateFunction> | undefined;

/** The closed validator of each event type, by detail-type (the schema's title names it). */
function eventValidators(): Map<string, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv({ allErrors: true, strict: true });
  validators = new Map();
  for (const file of readdirSync(EVENTS_DIR).filter((f) => f.endsWith('.schema.json'))) {
    const schema = JSON.parse(readFileSync(resolve(EVENTS_DIR, file), 'utf8')) as Schema;
    const type = String(schema.title).replace(/ \(detail, version \d+\)$/, '');
    validators.set(type, ajv.compile(closed(schema) as Schema));
  }
  return validators;
}

/** What is wrong with each event (detail-type and detail) against its schema: [] when nothing is. */
export function eventProblems(events: readonly { 'detail-type': string; detail: unknown }[]): string[] {
  return events.flatMap((e) => {
    const validate = eventValidators().get(e['detail-type']);
    if (!validate) return [`${e['detail-type']}: no schema in docs/events/`];
    return validate(e.detail) ? [] : [`${e['detail-type']}: ${JSON.stringify(validate.errors?.map((x) => `${x.instancePath} ${x.message}`))}`];
  });
}
