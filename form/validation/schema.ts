/**
 * yup schemas: one per page and one for the whole application, every answer key a string field.
 * Visibility and "now" arrive through yup's context so one schema serves every set of answers.
 * Each check is its own yup test (never oneOf/typeError, which stop a field early), so with
 * abortEarly false every failing message of a field is collected.
 */
import { object, string, ValidationError, type ObjectSchema } from 'yup';
import { collectErrors } from '../collect-errors';
import { allAnswerKeys } from '../data-model';
import { getPage, pageAnswerKeys, pages } from '../model';
import type { Answers, FieldErrors, PageId, ValidateOptions } from '../types';
import { visibleKeys } from '../visibility';
import { RULES, type RuleEnv } from './rules';

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

const schemaFor = (keys: readonly string[]): AnswersSchema =>
  object(Object.fromEntries(keys.map((k) => [k, fieldSchema(k)]))) as AnswersSchema;

export const pageSchemas: Readonly<Record<PageId, AnswersSchema>> = Object.fromEntries(
  pages.map((p) => [p.id, schemaFor(pageAnswerKeys(p))]),
) as Record<PageId, AnswersSchema>;

export const applicationSchema: AnswersSchema = schemaFor(allAnswerKeys);

/** Model order (page by page, top to bottom), so the error summary reads like the form. */
const ORDER = new Map(pages.flatMap((p) => pageAnswerKeys(p)).map((k, i) => [k, i]));

function run(schema: AnswersSchema, answers: Readonly<Record<string, unknown>>, opts: ValidateOptions): FieldErrors {
  // Every known key goes in, so cross-field rules and visibility see the whole application.
  const input: Record<string, string> = {};
  for (const key of allAnswerKeys) {
    const v = answers[key];
    input[key] = typeof v === 'string' ? v : '';
  }
  const context: SchemaContext = { now: opts.now ?? new Date(), visible: visibleKeys(input, opts) };
  try {
    schema.validateSync(input, { abortEarly: false, strict: true, context });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const errors = collectErrors(err);
    const keys = Object.keys(errors).sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
    return Object.fromEntries(keys.map((k) => [k, errors[k] as string[]]));
  }
}

/**
 * Every problem of the application: answer key -> its messages (deduplicated). Empty when valid.
 * Hidden questions are skipped; date rules use `opts.now`.
 */
export function validateApplication(answers: Readonly<Record<string, unknown>>, opts: ValidateOptions = {}): FieldErrors {
  return run(applicationSchema, answers, opts);
}

/** The problems of one page's questions (visibility still sees the whole application). */
export function validatePage(
  pageId: PageId,
  answers: Readonly<Record<string, unknown>>,
  opts: ValidateOptions = {},
): FieldErrors {
  getPage(pageId);
  return run(pageSchemas[pageId], answers, opts);
}

/** Keys of `answers` that are not in the tenant data model (a server should refuse them). */
export function unknownAnswerKeys(answers: Readonly<Record<string, unknown>>): string[] {
  const known = new Set(allAnswerKeys);
  return Object.keys(answers).filter((k) => !known.has(k));
}
