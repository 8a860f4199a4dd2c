/**
 * The answer keys of the application and the shape check of an answer patch: all PUT
 * /api/answer needs of the form model (its data model's keys, the text rule and the
 * institution's free-text limit), so that route does not bundle the pages or the validation.
 */
import { allAnswerKeys } from '../../form/data-model';
import { institution } from '../../form/institution';
import { isTypedText } from '../../form/text';
import type { FieldErrors } from '../../form/types';
import { Invalid } from './errors';
import { requireObject } from './input';

const ANSWER_KEYS: ReadonlySet<string> = new Set(allAnswerKeys);
/** No answer is longer than the institution's free-text limit. */
export const MAX_ANSWER_LENGTH = Math.max(institution.freeTextLimit, 1500);

export function isAnswerKey(key: string): boolean {
  return ANSWER_KEYS.has(key);
}

/** PUT /api/answer: a flat map of known answer keys to strings. */
export function parseAnswerPatch(raw: unknown): Record<string, string> {
  const body = requireObject(raw, 'The answers');
  // Null-prototype maps: a body key "__proto__" must become an entry (and be refused), not
  // silently replace the map's prototype and vanish from the errors.
  const errors = Object.create(null) as FieldErrors;
  const patch = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(body)) {
    if (!isAnswerKey(key)) errors[key] = ['This is not a question of the application.'];
    else if (typeof value !== 'string') errors[key] = ['Answers must be text.'];
    else if (value.length > MAX_ANSWER_LENGTH) errors[key] = [`Answers can be at most ${MAX_ANSWER_LENGTH} characters.`];
    else if (!isTypedText(value)) errors[key] = ['Answers can only contain text: no control characters.'];
    else patch[key] = value;
  }
  const bad = Object.keys(errors);
  if (bad.length > 0) {
    throw new Invalid(`Some answers could not be saved: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? '…' : ''}.`, errors);
  }
  return patch;
}
