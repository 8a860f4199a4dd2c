/** Developer checks of the model: a broken configuration fails loudly, naming the key. */
import { ADD_ANOTHER_LIMIT } from './build';
import type { Page } from './types';
import { nodesIn, questionAnswerKeys, questionsIn } from './walk';

export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
  constructor(
    message: string,
    readonly key: string,
  ) {
    super(message);
  }
}

/**
 * Throws a ConfigurationError for the first problem: an answer key missing from the tenant data
 * model, a question key on more than one page (or twice on one), an add-another above its limits,
 * a tab group whose default tab does not exist, an alternative that is not a question naming it back.
 */
export function checkModel(modelPages: readonly Page[], dataModelKeys: readonly string[]): void {
  checkAlternatives(modelPages);
  const known = new Set(dataModelKeys);
  const seen = new Map<string, string>();
  for (const page of modelPages) {
    if (!page.path || !page.title) throw new ConfigurationError(`Configuration error: page ${page.id} has no path or title.`, page.id);
    for (const n of nodesIn(page.sections.flatMap((s) => s.children))) {
      if (n.kind === 'question') {
        for (const key of new Set([n.key, ...questionAnswerKeys(n)])) {
          const other = seen.get(key);
          if (other !== undefined) {
            throw new ConfigurationError(
              `Configuration error: question key ${key} appears on ${other === page.id ? `page ${other} twice` : `pages ${other} and ${page.id}`}.`,
              key,
            );
          }
          seen.set(key, page.id);
        }
        for (const key of questionAnswerKeys(n)) {
          if (!known.has(key)) {
            throw new ConfigurationError(`Configuration error: key ${key} is not present in the tenant data model.`, key);
          }
        }
      }
      if (n.kind === 'addAnother') {
        if (n.max > ADD_ANOTHER_LIMIT || n.max < 1 || n.blocks.length < n.max) {
          throw new ConfigurationError(
            `Configuration error: add-another ${n.buttonId} allows ${n.max} blocks (${n.blocks.length} defined); the limit is ${ADD_ANOTHER_LIMIT}.`,
            n.buttonId,
          );
        }
      }
      if (n.kind === 'tabGroup' && !n.tabs.some((t) => t.id === n.defaultTab)) {
        throw new ConfigurationError(`Configuration error: tab group ${n.id} has no tab ${n.defaultTab}.`, n.id);
      }
    }
  }
}

/** Two questions that answer one thing two ways name each other, or the printer would drop one unasked. */
function checkAlternatives(modelPages: readonly Page[]): void {
  const questions = questionsIn(modelPages.flatMap((p) => p.sections.flatMap((s) => s.children)));
  const byKey = new Map(questions.map((q) => [q.key, q]));
  for (const q of questions) {
    if (q.alternativeOf === undefined) continue;
    const other = byKey.get(q.alternativeOf);
    if (other?.alternativeOf !== q.key) {
      throw new ConfigurationError(
        `Configuration error: question ${q.key} is an alternative of ${q.alternativeOf}, which ${other ? 'does not name it back' : 'is not a question of the form'}.`,
        q.key,
      );
    }
  }
}
