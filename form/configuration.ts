/**
 * The developer checks over the model this build ships, run where a developer
 * sees them: `npm start` refuses to start, and the web app on localhost shows the problem instead of
 * the form. An institution that edits form/ learns of a broken key at once, not from an applicant.
 */
import { checkModel, ConfigurationError } from './checks';
import { allAnswerKeys } from './data-model';
import { pageAnswerKeys, pages } from './model';
import { applicationSchema, pageSchema } from './validation/schema';

/** The schema of one scope checks exactly the answer keys its questions ask. */
export function checkSchemaKeys(what: string, schemaKeys: readonly string[], modelKeys: readonly string[]): void {
  const model = new Set(modelKeys);
  const schema = new Set(schemaKeys);
  const extra = schemaKeys.find((k) => !model.has(k));
  const missing = modelKeys.find((k) => !schema.has(k));
  const key = extra ?? missing;
  if (key !== undefined) {
    throw new ConfigurationError(
      `Configuration error: the ${what} schema ${extra ? 'checks' : 'does not check'} the answer key ${key}${extra ? ', which no question asks' : ''}.`,
      key,
    );
  }
}

/**
 * The checks, one by one: the browser runs each in a task of its own (web/src/app/loaders.ts),
 * since building each schema is a few milliseconds of a phone's main thread and all of them
 * together one long task.
 */
export function formConfigurationChecks(): (() => void)[] {
  return [
    () => checkModel(pages, allAnswerKeys),
    () => checkSchemaKeys('application', Object.keys(applicationSchema().fields), pages.flatMap(pageAnswerKeys)),
    ...pages.map((page) => () => checkSchemaKeys(`${page.id} page`, Object.keys(pageSchema(page.id).fields), pageAnswerKeys(page))),
  ];
}

/** Throws a ConfigurationError naming the first problem; returns quietly for a sound model. */
export function checkFormConfiguration(): void {
  for (const check of formConfigurationChecks()) check();
}
