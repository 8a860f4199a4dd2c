import type { QueryClient } from '@tanstack/react-query';
import { answersStore, savedAnswersStore } from './answers';
import { saveChangedAnswers, type SaveOptions } from './answers-api';
import { call } from './api-client';
import { SESSION_COOKIE_PREFIX } from './cookies';
import { clearServerProblems } from './server-problems';
import { resetSnapshot } from './session';

export const logoutRequest = () => call('logOut');

/**
 * Logout, after saving what was typed since the last save (best effort: a refusal, e.g. after
 * submission, must not keep the applicant signed in). Answers are otherwise saved on page changes
 * only, and logging out from the middle of a page must not lose them. The answers are
 * read before the first await, so a caller may forget the session right after calling this.
 */
export async function saveThenLogout(options: SaveOptions = {}): Promise<{ message: string }> {
  await saveChangedAnswers(options).catch(() => undefined);
  return logoutRequest();
}

/** Drops the readable marker cookie so the app stops believing it is logged in. */
export function clearMarkerCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim() ?? '';
    if (name.startsWith(SESSION_COOKIE_PREFIX)) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

/** Local half of a logout (also used when the session turned out to be invalid). */
export function forgetSession(queryClient: QueryClient): void {
  clearMarkerCookies();
  queryClient.clear();
  answersStore.set({});
  savedAnswersStore.set({});
  clearServerProblems();
  resetSnapshot();
}
