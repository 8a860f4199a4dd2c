import type { Answers } from './profile';
import { createStore } from './store';

type Problems = Record<string, string[]>;

/**
 * Problems the server reported on submit (422), held with the answers they were about. A problem
 * is about the value the server saw: once the applicant changes that answer the browser's own
 * rules decide again, the next submit attempt replaces them all, and logging out forgets them
 * (the next person in this tab must never see them).
 */
interface Held {
  problems: Problems;
  /** The answers the refusal was about, as they were when it came. */
  about: Answers;
}

const none: Held = { problems: {}, about: {} };

export const serverProblemsStore = createStore<Held>(none);

export const holdServerProblems = (problems: Problems, answers: Answers) => serverProblemsStore.set({ problems, about: { ...answers } });

export const clearServerProblems = () => serverProblemsStore.set(none);

/** The held problems whose answers are still what the server refused. */
export function openServerProblems(held: Held, answers: Answers): Problems {
  return Object.fromEntries(Object.entries(held.problems).filter(([key]) => (answers[key] ?? '') === (held.about[key] ?? '')));
}
