import type { Answers } from './profile';
import { createStore, useStore } from './store';

/**
 * The applicant's answers as edited in this tab. Logged in: seeded from the profile and saved on
 * page change. Anonymous: kept here and carried in navigation state to sign-up, so creating an account loses nothing.
 */
export const answersStore = createStore<Answers>({});

/** Answers as last saved to the server; lets page changes skip a PUT when nothing changed. */
export const savedAnswersStore = createStore<Answers>({});

export const useAnswers = () => useStore(answersStore);
export const useAnswer = (key: string) => useStore(answersStore, (a) => a[key] ?? '');

export function hasAnyAnswer(answers: Answers): boolean {
  return Object.values(answers).some((v) => typeof v === 'string' && v !== '');
}

/** Navigation state that carries anonymous answers through sign-up, confirmation and login. */
export interface CarriedState {
  studentAnswers?: Answers;
  errorMessage?: string;
  successMessage?: string;
  username?: string;
  /** Set when saving, a page link or Submit sent an anonymous applicant to sign up: the card says why. */
  signupToSave?: boolean;
}

export function readCarried(state: unknown): CarriedState {
  return state && typeof state === 'object' ? state : {};
}

/** The carried answers, if any; only non-empty values are worth carrying. */
export function carriedAnswers(state: unknown): Answers | undefined {
  const a = readCarried(state).studentAnswers;
  if (!a || typeof a !== 'object') return undefined;
  const clean = Object.fromEntries(Object.entries(a).filter(([, v]) => typeof v === 'string' && v !== ''));
  return Object.keys(clean).length ? clean : undefined;
}

/** The navigation state that sends an anonymous applicant to sign up: why, and their answers. */
export function signupToSaveState(answers: Answers): CarriedState {
  return hasAnyAnswer(answers) ? { studentAnswers: answers, signupToSave: true } : { signupToSave: true };
}
