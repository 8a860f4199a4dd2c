/**
 * yup schemas of the same rules: one per page and one for the whole application, every answer
 * key a string field, for code that wants a yup schema. Visibility and "now" arrive through
 * yup's context so one schema serves every set of answers. Each check is its own yup test (never
 * oneOf/typeError, which stop a field early), so with abortEarly false every failing message of
 * a field is collected. The application's own validation runs the rules without yup
 * (./validate.ts, re-exported here).
 */
import { object, string, type ObjectSchema } from 'yup';
import { allAnswerKeys } from '../data-model';
import { pageAnswerKeys, pages } from '../model';
import type { Answers, PageId } from '../types';
import { RULES, type RuleEnv } from './rules';

export { validateApplication, validatePage } from './validate';

interface SchemaContext extends RuleEnv {
  readonly visible: ReadonlySet<string>;
}

export type AnswersSchema = ObjectSchema<Record<string, string>>;

function fieldSchema(key: string) {
  let schema = string().default('');
  for (const r of RULES[key] ?? []) {
    schema = schema.test(r.id, r.id, function (value) {
      const ctx = this.options.context as SchemaContext | undefined;
      if (!ctx || !ctx.visible.has(key)) return true;
      const message = r.check(value ?? '', this.parent as Answers, ctx);
      return message === undefined ? true : this.createError({ message });
    });
  }
  return schema;
}

const schemaFor = (keys: readonly string[]): AnswersSchema => object(Object.fromEntries(keys.map((k) => [k, fieldSchema(k)]))) as AnswersSchema;

// Built on first use, not as the module loads: every field's tests for every page and the whole
// application are 20–30 ms of a phone's main thread, one long task for the browser's developer
// check (form/configuration.ts) that no page needs otherwise.
const pageSchemas = new Map<PageId, AnswersSchema>();
let wholeSchema: AnswersSchema | undefined;

/** The yup schema of one page's answers. */
export function pageSchema(id: PageId): AnswersSchema {
  let schema = pageSchemas.get(id);
  if (!schema) {
    const page = pages.find((p) => p.id === id);
    if (!page) throw new Error(`no page ${id}`);
    pageSchemas.set(id, (schema = schemaFor(pageAnswerKeys(page))));
  }
  return schema;
}

/** The yup schema of the whole application's answers. */
export const applicationSchema = (): AnswersSchema => (wholeSchema ??= schemaFor(allAnswerKeys));
