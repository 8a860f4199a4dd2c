/**
 * Inputs of the applicant's answer and status routes: the answer map (with the save's `base`),
 * the validations, the last page and the web status. They read the data model's keys only,
 * never the pages.
 */
import { PAGE_PATHS, type WebStatus } from '../contract';
import { allAnswerKeys } from '../data-model';
import { institution } from '../institution';
import { isTypedText } from '../text';
import { bodyInput, InputError, rejectUnknownFields, requireObject, type FieldErrors } from './input';

export type Answers = Record<string, string>;

const ANSWER_KEYS: ReadonlySet<string> = new Set(allAnswerKeys);
/** No answer is longer than the institution's free-text limit. */
export const MAX_ANSWER_LENGTH = Math.max(institution.freeTextLimit, 1500);

export function isAnswerKey(key: string): boolean {
  return ANSWER_KEYS.has(key);
}

/** A flat map of known answer keys to strings (PUT /api/answer, a temporary link's answers). */
export function parseAnswerPatch(raw: unknown): Answers {
  const body = requireObject(raw, 'The answers');
  // Null-prototype maps: a body key "__proto__" must become an entry (and be refused), not
  // silently replace the map's prototype and vanish from the errors.
  const errors = Object.create(null) as FieldErrors;
  const patch = Object.create(null) as Answers;
  for (const [key, value] of Object.entries(body)) {
    if (!isAnswerKey(key)) errors[key] = ['This is not a question of the application.'];
    else if (typeof value !== 'string') errors[key] = ['Answers must be text.'];
    else if (value.length > MAX_ANSWER_LENGTH) errors[key] = [`Answers can be at most ${MAX_ANSWER_LENGTH} characters.`];
    else if (!isTypedText(value)) errors[key] = ['Answers can only contain text: no control characters.'];
    else patch[key] = value;
  }
  const bad = Object.keys(errors);
  if (bad.length > 0) {
    throw new InputError(`Some answers could not be saved: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? '…' : ''}.`, errors);
  }
  return patch;
}

/**
 * PUT /api/answer with the values the browser started from. The body is the flat answer map the
 * spec defines, plus an optional `base`: for each key the browser changed, the value it last
 * loaded or saved ('' = no answer). A key with a base is written only if the server still holds
 * that base (or already holds the new value); keys without a base are written as before, so a
 * client that sends the plain map keeps working.
 */
export interface AnswerSave {
  answers: Answers;
  /** Per key being saved: the value the browser started from ('' = none). */
  base: Answers;
}

/**
 * One DynamoDB condition covers every checked key, and a condition expression may be at most
 * 4 kB: 80 keys of the longest form stay under it. A browser saves one page's changes at a time
 * and splits anything larger into several saves.
 */
export const MAX_CHECKED_ANSWERS = 80;

export function parseAnswerSave(raw: unknown): AnswerSave {
  const { base: rawBase, ...rest } = requireObject(raw, 'The answers');
  const answers = parseAnswerPatch(rest);
  const base = Object.create(null) as Answers;
  if (rawBase === undefined) return { answers, base };
  if (rawBase === null || typeof rawBase !== 'object' || Array.isArray(rawBase)) {
    throw new InputError('base must be a map of question keys to the answers this page started from.');
  }
  const errors = Object.create(null) as FieldErrors;
  for (const [key, value] of Object.entries(rawBase)) {
    if (!isAnswerKey(key)) errors[key] = ['This is not a question of the application.'];
    else if (!(key in answers)) errors[key] = ['base names an answer this request does not save.'];
    else if (typeof value !== 'string') errors[key] = ['base values must be text.'];
    else base[key] = value;
  }
  const bad = Object.keys(errors);
  if (bad.length > 0) throw new InputError(`The base values could not be used: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? '…' : ''}.`, errors);
  if (Object.keys(base).length > MAX_CHECKED_ANSWERS) {
    throw new InputError(`A save can check at most ${MAX_CHECKED_ANSWERS} answers against the values they replace; save the rest separately.`);
  }
  return { answers, base };
}

/** `{...answers, base?}`: the answers map, and per changed key the value the page started from. */
export interface AnswerSaveBody {
  base?: Answers;
  [answerKey: string]: string | Answers | undefined;
}
export const saveAnswersInput = bodyInput<AnswerSaveBody>()(parseAnswerSave);

/** POST /api/validations: `{key: [messages]}` for known keys. */
export function parseProblems(raw: unknown): FieldErrors {
  const body = requireObject(raw, 'The validations');
  const problems: FieldErrors = {};
  for (const [key, value] of Object.entries(body)) {
    // Names of built-in object properties ("constructor", "__proto__") are no question, and the
    // DynamoDB marshaller crashes on a map holding "constructor": refuse them as unknown.
    if (key in Object.prototype || (!isAnswerKey(key) && !key.match(/^[a-z][a-z0-9_]{0,63}$/))) throw new InputError(`Unknown question: ${key.slice(0, 64)}.`);
    if (!Array.isArray(value) || value.length > 20 || !value.every((m) => typeof m === 'string' && m.length <= 500)) {
      throw new InputError(`The problems for ${key} must be a list of messages.`);
    }
    problems[key] = [...new Set(value as string[])];
  }
  if (Object.keys(problems).length > 500) throw new InputError('Too many problems in one request.');
  return problems;
}
export const saveValidationsInput = bodyInput<FieldErrors>()(parseProblems);

export const saveLastPageInput = bodyInput<{ last_page: string }>()((raw): string => {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['last_page']);
  const page = body.last_page;
  if (typeof page !== 'string' || !PAGE_PATHS.includes(page)) {
    throw new InputError(`last_page must be one of: ${PAGE_PATHS.join(', ')}.`, { last_page: [`last_page must be one of: ${PAGE_PATHS.join(', ')}.`] });
  }
  return page;
});

/** The status itself is checked where it is advanced (one step at a time, never `submitted`). */
export const advanceWebStatusInput = bodyInput<{ web_status: WebStatus }>()((raw): unknown => {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['web_status']);
  return body.web_status;
});
