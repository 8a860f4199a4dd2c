/**
 * Saving the applicant's answers: the one place that decides what a save sends and what it does
 * when another tab or device saved in the meantime. Kept free of the form model: the sign-in
 * screens use it (answers typed before login) and must stay small. So it is the feature's second
 * public module (beside index.ts, which brings the form model), named as such in the lint's
 * boundary rule.
 *
 * A save sends only the answers this browser changed since it last loaded or saved them, each
 * with the value it started from (`base`); the server refuses a key whose stored value is
 * neither, and the applicant chooses between the two values. Nothing is overwritten silently.
 */
import { isLabelKey } from '#form/contract';
import { answersStore, savedAnswersStore } from './answers';
import { ApiError, call } from './api-client';
import { translate } from './i18n';
import type { Answers } from './profile';
import { createStore, useStore } from './store';

/** A key the server refused: what this browser has, and what the server holds now ('' = no answer). */
export interface SaveConflict {
  key: string;
  mine: string;
  theirs: string;
}
/** Per conflicting key: keep this browser's value, or take the one saved elsewhere. */
export type ConflictChoices = Record<string, 'mine' | 'theirs'>;

/**
 * A PUT can check at most 80 keys against their base (one DynamoDB condition of at most 4 kB);
 * larger changes (a whole page typed before login) go in several saves, each atomic on its keys.
 */
const KEYS_PER_SAVE = 60;

/** Why a save the applicant left unresolved failed, in the page's language (the app part: the sign-in saves answers typed before it too). */
const notSaved = () => new ApiError(translate('save.notSaved'), 409);

/**
 * The answers changed in this browser since they were last loaded or saved, with their base. The
 * labels the form fills in beside a choice (`<key>_desc`) are not among them: the server derives
 * its own from the choice.
 */
export function changedAnswers(): { answers: Answers; base: Answers } {
  const now = answersStore.get();
  const saved = savedAnswersStore.get();
  const answers: Answers = {};
  const base: Answers = {};
  for (const key of new Set([...Object.keys(now), ...Object.keys(saved)])) {
    if (isLabelKey(key)) continue;
    const value = now[key] ?? '';
    const was = saved[key] ?? '';
    if (value === was) continue;
    answers[key] = value;
    base[key] = was;
  }
  return { answers, base };
}

export function unsavedChanges(): boolean {
  return Object.keys(changedAnswers().answers).length > 0;
}

/** The question the conflict dialog shows; null when no conflict waits for the applicant. */
export interface PendingConflicts {
  /** Tells one question from the next. */
  id: number;
  conflicts: SaveConflict[];
  resolve: (choices: ConflictChoices | null) => void;
}
export const saveConflictStore = createStore<PendingConflicts | null>(null);
let lastQuestion = 0;
export const useSaveConflicts = () => useStore(saveConflictStore);

function askApplicant(conflicts: SaveConflict[]): Promise<ConflictChoices | null> {
  // A question still open (a second save started meanwhile) is answered "not now" first.
  saveConflictStore.get()?.resolve(null);
  return new Promise((resolve) => {
    saveConflictStore.set({
      id: ++lastQuestion,
      conflicts,
      resolve: (choices) => {
        saveConflictStore.set(null);
        resolve(choices);
      },
    });
  });
}

function conflictsIn(error: unknown): Answers | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const conflicts = error.body?.conflicts;
  if (!conflicts || typeof conflicts !== 'object') return undefined;
  return Object.fromEntries<string>(Object.entries(conflicts).filter(([, v]) => typeof v === 'string'));
}

/** Applies the applicant's choices: either way the base becomes what the server holds now. */
function applyChoices(theirs: Answers, choices: ConflictChoices): void {
  savedAnswersStore.set((saved) => ({ ...saved, ...theirs }));
  const taken = Object.fromEntries(Object.entries(theirs).filter(([key]) => choices[key] === 'theirs'));
  if (Object.keys(taken).length) answersStore.set((answers) => ({ ...answers, ...taken }));
}

async function putChunk(answers: Answers, base: Answers): Promise<void> {
  await call('saveAnswers', { body: { ...answers, base } });
  // What the server now holds for these keys; anything typed while the request ran stays unsaved.
  savedAnswersStore.set((saved) => ({ ...saved, ...answers }));
}

export interface SaveOptions {
  /**
   * 'ask' (default): a conflict waits for the applicant's choice. 'skip': no one is there to ask
   * (the idle logout): the conflicting keys are left as the other tab saved them, the rest saved.
   */
  onConflict?: 'ask' | 'skip';
}

/**
 * Saves what changed, if anything (false when there was nothing to save). A conflict asks the
 * applicant and saves again with their choices; closing the question saves nothing more and
 * throws, so the applicant stays where they are.
 */
export async function saveChangedAnswers({ onConflict = 'ask' }: SaveOptions = {}): Promise<boolean> {
  // Read now, before the first await: the idle logout forgets the session right after calling this.
  let pending = changedAnswers();
  const skipped = new Set<string>();
  let sent = false;
  for (let round = 0; round < 10; round++) {
    const keys = Object.keys(pending.answers).filter((k) => !skipped.has(k));
    if (keys.length === 0) return sent;
    try {
      for (let at = 0; at < keys.length; at += KEYS_PER_SAVE) {
        const chunk = keys.slice(at, at + KEYS_PER_SAVE);
        await putChunk(pick(pending.answers, chunk), pick(pending.base, chunk));
        sent = true;
      }
      return true;
    } catch (error) {
      const theirs = conflictsIn(error);
      if (!theirs) throw error;
      // Changed and changed back elsewhere while the server checked: nothing to ask, send again.
      if (Object.keys(theirs).length === 0) continue;
      if (onConflict === 'skip') {
        // The same changes again without the refused keys (a part already saved is accepted again).
        for (const key of Object.keys(theirs)) skipped.add(key);
        continue;
      }
      const now = answersStore.get();
      const choices = await askApplicant(Object.entries(theirs).map(([key, value]) => ({ key, mine: now[key] ?? '', theirs: value })));
      if (!choices) throw notSaved();
      applyChoices(theirs, choices);
      pending = changedAnswers();
    }
  }
  throw notSaved();
}

function pick(map: Answers, keys: readonly string[]): Answers {
  return Object.fromEntries(keys.map((k) => [k, map[k] ?? '']));
}

/**
 * The answers typed before login (carried through sign-up) on top of the stored ones. The carried
 * keys started from no answer in this browser, so a stored answer that differs is a conflict the
 * applicant resolves, not one the typed value silently replaces.
 */
export async function saveCarriedAnswers(stored: Answers, carried: Answers): Promise<Answers> {
  savedAnswersStore.set({ ...stored, ...Object.fromEntries(Object.keys(carried).map((k) => [k, ''])) });
  answersStore.set({ ...stored, ...carried });
  // Until saved, the carried keys keep their empty base: a later save still asks about them.
  await saveChangedAnswers();
  return answersStore.get();
}

/**
 * The save as a react-query mutation. Offline, react-query pauses it instead of failing
 * (networkMode 'online') and runs it by itself when the browser is back online: nothing typed
 * is lost to a dropped connection. It saves what has changed by the time it runs.
 */
export const saveAnswersMutationOptions = () => ({
  mutationKey: ['save-answers'] as const,
  mutationFn: () => saveChangedAnswers(),
  networkMode: 'online' as const,
  retry: false as const,
});
