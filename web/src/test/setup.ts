import '@testing-library/jest-dom/vitest';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { messages as english } from '#form/i18n/compiled/en';
import { messages as formEnglish } from '#form/i18n/compiled/form/en';
import { messages as recommendEnglish } from '#form/i18n/compiled/recommend/en';
import { messages as statusEnglish } from '#form/i18n/compiled/status/en';
import { forgetLoaderRuns } from '#web/app/loaders';
import { forgetSessionCalls, setUnauthorizedHandler } from '#web/lib/api-client';
import { activateLoaded } from '#web/lib/i18n';
import { queryClient, setGeneralErrorHandler } from '#web/lib/query-client';
import { setFirstRenderDate } from '#web/lib/render-date';
import { resetSnapshot } from '#web/lib/session';
import { resetStores } from '#web/lib/store';

function clearCookies(): void {
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  });
}

/**
 * The web project's files share one module graph and one jsdom (vitest.config.ts: isolate: false),
 * so this file, which Vitest runs again before each test file, puts back what a fresh page load
 * has: whatever the previous file left (a stub, fake timers, a screen, an address, storage, a
 * cached query, the app's stores and remembered calls) must not decide whether the next passes.
 * Vitest itself resets vi.setConfig and restores vi.spyOn spies after each file.
 */
function startAsAFreshPage(): void {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Testing Library's default wait; a file may ask for longer (configure at its top).
  configure({ asyncUtilTimeout: 1000 });
  document.head.replaceChildren();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  clearCookies();
  // A file's stand-in for a browser part jsdom lacks (staff-links' clipboard).
  Reflect.deleteProperty(navigator, 'clipboard');
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
  queryClient.clear();
  setGeneralErrorHandler(() => {});
  setUnauthorizedHandler(() => {});
  forgetSessionCalls();
  forgetLoaderRuns();
  setFirstRenderDate(null);
  resetStores();
  // The snapshot's first value was read from the page it was first loaded on (its cookie).
  resetSnapshot();
  localStorage.clear();
  sessionStorage.clear();
  // A fresh page's language: English (a file that switched leaves it to the next otherwise), with
  // the parts the routes' loaders bring (components are rendered here without them).
  activateLoaded('en', { ...english, ...formEnglish, ...statusEnglish, ...recommendEnglish });
}

startAsAFreshPage();

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  clearCookies();
});

// jsdom has no <dialog> methods; the app falls back to the open attribute, these keep it quiet.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
