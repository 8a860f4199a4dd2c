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
