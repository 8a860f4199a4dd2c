import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as english } from '#form/i18n/compiled/en';
import { activateLoaded } from '../lib/i18n';
import { renderPage, renderShell } from '../prerender-entry';

describe("the build's shell render", () => {
  afterEach(() => vi.restoreAllMocks());

  // The prerenderer changes the active language: the next file's tests start in English again.
  afterEach(() => activateLoaded('en', english));

  it('renders the spinner without a React Router warning (the shell matches the catch-all route)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const html = await renderShell();
    expect(html).toContain('spinner-screen');
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([]);
    expect(error.mock.calls.map((c) => String(c[0]))).toEqual([]);
  });

  it.each([
    ['es', 'Iniciar sesión'],
    ['ar', 'تسجيل الدخول'],
    ['en', 'Sign In'],
  ] as const)('renders a landing page in %s, one file per language (issue 41)', async (language, heading) => {
    const { html } = await renderPage('/login', '2026-11-30', language);
    expect(html).toContain(heading);
  });
});
