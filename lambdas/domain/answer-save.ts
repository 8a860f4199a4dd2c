/**
 * PUT /api/answer with the values the browser started from. The body is the flat answer map the
 * spec defines, plus an optional `base`: for each key the browser changed, the value it last
 * loaded or saved ('' = no answer). A key with a base is written only if the server still holds
 * that base (or already holds the new value); keys without a base are written as before, so a
 * client that sends the plain map keeps working.
 */
import { parseAnswerPatch, isAnswerKey } from './answer-keys';
import { ApplicationLocked, Conflict, Invalid } from './errors';
import { requireObject } from './input';
import type { AnswerSave, Answers, AnswersStore } from './ports/answers';

export type { AnswerSave, Answers };

/**
 * One DynamoDB condition covers every checked key, and a condition expression may be at most
 * 4 kB: 80 keys of the longest form stay under it. A browser saves one page's changes at a time
 * and splits anything larger into several saves.
 */
export const MAX_CHECKED_ANSWERS = 80;

export const ANSWERS_CHANGED_MESSAGE =
  'Some of your answers were changed in another tab or on another device since this page was opened. Nothing was saved: choose which answers to keep.';

/** 409 naming, per refused key, what the server holds now ('' = no answer). */
export class AnswersChangedElsewhere extends Conflict {
  constructor(readonly conflicts: Answers) {
    super(ANSWERS_CHANGED_MESSAGE);
    this.extra.conflicts = conflicts;
  }
}

export function parseAnswerSave(raw: unknown): AnswerSave {
  const { base: rawBase, ...rest } = requireObject(raw, 'The answers');
  const answers = parseAnswerPatch(rest);
  const base = Object.create(null) as Answers;
  if (rawBase === undefined) return { answers, base };
  if (rawBase === null || typeof rawBase !== 'object' || Array.isArray(rawBase)) {
    throw new Invalid('base must be a map of question keys to the answers this page started from.');
  }
  const errors = Object.create(null) as Record<string, string[]>;
  for (const [key, value] of Object.entries(rawBase)) {
    if (!isAnswerKey(key)) errors[key] = ['This is not a question of the application.'];
    else if (!(key in answers)) errors[key] = ['base names an answer this request does not save.'];
    else if (typeof value !== 'string') errors[key] = ['base values must be text.'];
    else base[key] = value;
  }
  const bad = Object.keys(errors);
  if (bad.length > 0) throw new Invalid(`The base values could not be used: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? '…' : ''}.`, errors);
  if (Object.keys(base).length > MAX_CHECKED_ANSWERS) {
    throw new Invalid(`A save can check at most ${MAX_CHECKED_ANSWERS} answers against the values they replace; save the rest separately.`);
  }
  return { answers, base };
}

/**
 * The checked keys whose stored value is neither the browser's base nor the value it sends
 * (another tab already saving the same value is no conflict): key → what is stored ('' = none).
 */
export function conflictsOf(stored: Answers, save: AnswerSave): Answers {
  const out: Answers = {};
  for (const [key, base] of Object.entries(save.base)) {
    const now = stored[key] ?? '';
    if (now !== base && now !== save.answers[key]) out[key] = now;
  }
  return out;
}

/**
 * PUT /api/answer: the save's one conditional write; when it is refused, the stored answers
 * say why. Submitted → ApplicationLocked; keys changed elsewhere → AnswersChangedElsewhere
 * naming them. If by then nothing conflicts any more (the other tab changed the value back),
 * the write is simply tried again, three times at most.
 */
export async function saveAnswers(store: AnswersStore, sub: string, save: AnswerSave, now: Date = new Date()): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (await store.mergeAnswers(sub, save, now)) return;
    const stored = await store.readAnswers(sub);
    if (stored.submittedAt) throw new ApplicationLocked();
    const conflicts = conflictsOf(stored.answers, save);
    if (Object.keys(conflicts).length > 0 || attempt >= 2) throw new AnswersChangedElsewhere(conflicts);
  }
}
