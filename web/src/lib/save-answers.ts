import { api } from './api-client';
import { answersStore, savedAnswersStore } from './answers';
import type { Answers } from './profile';

/** PUT /api/answer with the flat answers map (000 §7); remembers what the server now holds. */
export async function saveAnswers(answers: Answers): Promise<void> {
  await api.put<{ message?: string }>('/api/answer', answers);
  savedAnswersStore.set({ ...answers });
}

export function unsavedChanges(): boolean {
  const now = answersStore.get();
  const saved = savedAnswersStore.get();
  const keys = new Set([...Object.keys(now), ...Object.keys(saved)]);
  for (const k of keys) if ((now[k] ?? '') !== (saved[k] ?? '')) return true;
  return false;
}

/**
 * The answer save as a react-query mutation. Offline, react-query pauses it instead of failing
 * (networkMode 'online') and runs it by itself when the browser is back online: nothing typed
 * is lost to a dropped connection, and the applicant need not press anything again.
 */
export const saveAnswersMutationOptions = () => ({
  mutationKey: ['save-answers'] as const,
  mutationFn: saveAnswers,
  networkMode: 'online' as const,
  retry: false as const,
});

export const OFFLINE_SAVE_MESSAGE = "You're offline. Your answers are kept and will be saved as soon as you're back online.";
export const RESUMED_SAVE_MESSAGE = "You're back online and your answers have been saved.";
