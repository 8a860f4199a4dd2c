import type { QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { answersStore, savedAnswersStore } from './answers';
import { SESSION_COOKIE_PREFIX } from './cookies';
import { resetSnapshot } from './session';

export const logoutRequest = () => api.get<{ message?: string }>('/api/logout');

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
  resetSnapshot();
}
