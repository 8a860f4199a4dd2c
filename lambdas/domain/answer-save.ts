/**
 * A save of answers checked against the values the browser started from; its input (the answers
 * and their `base`) is parsed by the route's contract (form/wire/answers.ts).
 */
import { closedWindow, windowInWords } from '#form/application-window';
import { serverWording } from '#form/i18n/server-words';
import { termLabel } from '#form/institution';
import type { Timetable } from '#form/institution-cycles';
import { applicationCycle, cycleById } from '#form/timetable';
import type { AnswerSave, Answers } from '#form/wire/answers';
import { isDerivedLabel, labelInputsMissing, withModelLabels } from './answer-labels';
import { ApplicationLocked, Conflict, Invalid } from './errors';
import type { AnswersStore, StoredAnswers } from './ports/answers';
import { ENTRY_TERM_KEY, WAIVER_ANSWER_KEY } from './ports/keys';

export type { AnswerSave, Answers };

export const ANSWERS_CHANGED_MESSAGE =
  'Some of your answers were changed in another tab or on another device since this page was opened. Nothing was saved: choose which answers to keep.';

export const WAIVER_HELD_MESSAGE =
  'Your recommenders were told your answer about your right to see their letters, so it cannot change while an invitation is open or a letter has been received. ' +
  'Nothing was saved: put that answer back as it was to save your other answers, or cancel your open invitations first (a letter already received keeps the answer it was written under).';

/**
 * Whether the save changes the waiver while a recommendation holds a slot: the write's condition
 * refuses it (adapters/store/answers-store.ts), and this says so in words.
 */
function changesHeldWaiver(stored: StoredAnswers, save: AnswerSave): boolean {
  const sent = save.answers[WAIVER_ANSWER_KEY];
  const held = (stored.slots?.counselor.length ?? 0) + (stored.slots?.teacher.length ?? 0) > 0;
  return sent !== undefined && held && sent !== (stored.answers[WAIVER_ANSWER_KEY] ?? '');
}

/** 409 naming, per refused key, what the server holds now ('' = no answer). */
export class AnswersChangedElsewhere extends Conflict {
  constructor(readonly conflicts: Answers) {
    super(ANSWERS_CHANGED_MESSAGE);
    this.extra.conflicts = conflicts;
  }
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
 * say why. Submitted → ApplicationLocked; the waiver changed while a recommender holds it → a
 * 409 in words (WAIVER_HELD_MESSAGE); keys changed elsewhere → AnswersChangedElsewhere
 * naming them. If by then nothing conflicts any more (the other tab changed the value back),
 * the write is simply tried again, three times at most.
 */
export async function saveAnswers(
  store: AnswersStore & { timetable: Timetable },
  sub: string,
  sent: AnswerSave,
  now: Date = new Date(),
  ownCycle?: string,
): Promise<void> {
  // Before its cycle opens and after it closes an application is read-only (issue 37). The words
  // are read here, not through cycles/application-window.ts: the save carries no submission rules.
  const closed = closedWindow(store.timetable, now, ownCycle);
  if (closed) throw new Conflict((language) => windowInWords(closed, store.timetable.timeZone, serverWording(language)));
  assertTermOfTheCycle(store.timetable, sent.answers, now, ownCycle);
  const save = await labelledSave(store, sub, sent);
  for (let attempt = 0; ; attempt++) {
    // The application's cycle marks it in progress for the office's list, in the same write.
    if (await store.mergeAnswers(sub, save, now, ownCycle === undefined ? undefined : { cycle: ownCycle })) return;
    const stored = await store.readAnswers(sub);
    if (stored.submittedAt) throw new ApplicationLocked();
    if (changesHeldWaiver(stored, save)) throw new Conflict(WAIVER_HELD_MESSAGE);
    const conflicts = conflictsOf(stored.answers, save);
    if (Object.keys(conflicts).length > 0 || attempt >= 2) throw new AnswersChangedElsewhere(conflicts);
  }
}

/**
 * An entry term is one of the cycle's (issue 37): the form offers no other, so another is a
 * request no page of this cycle sends (an old tab, a hand-made request). Refused whole, in words,
 * before anything is written; a blank clears the answer.
 */
function assertTermOfTheCycle(t: Timetable, answers: Readonly<Answers>, now: Date, ownCycle?: string): void {
  const term = answers[ENTRY_TERM_KEY];
  // The application's own cycle (an account holds one per cycle), else the one open now.
  const cycle = (ownCycle === undefined ? undefined : cycleById(t.cycles, ownCycle)) ?? applicationCycle(t.cycles, now, t.timeZone);
  if (!term || !cycle || cycle.entryTerms.includes(term)) return;
  const named = (code: string) => termLabel(code) ?? code;
  const message =
    `${termLabel(term) ?? 'This term'} is not an entry term of the ${cycle.label} application, which offers ${inWords(cycle.entryTerms.map(named))}. ` +
    'Nothing was saved: choose one of those terms.';
  throw new Invalid(message, { [ENTRY_TERM_KEY]: [message] });
}

/** "Fall 2027, Spring 2028 and Fall 2028". */
const inWords = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * The save with the model's labels in place of the browser's (answer-labels.ts). A label that
 * needs an answer the save does not carry (a concentration saved without its major) reads it
 * from the stored answers first; the browser's base of a label is dropped with the label.
 */
async function labelledSave(store: AnswersStore, sub: string, save: AnswerSave): Promise<AnswerSave> {
  const missing = labelInputsMissing(save.answers);
  const stored = missing.length > 0 ? (await store.readAnswers(sub)).answers : {};
  const base = Object.create(null) as Answers;
  for (const [key, value] of Object.entries(save.base)) if (!isDerivedLabel(key)) base[key] = value;
  return { answers: withModelLabels(save.answers, stored), base };
}
