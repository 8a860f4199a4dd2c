import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE_PREFIX } from '#web/lib/cookies';
import { activateLanguage, activeLanguage, chooseLanguage, followAccountLanguage } from '#web/lib/i18n';
import { fakeFetch, sentJson } from '#web/test/fetch';

const ok = () => new Response(JSON.stringify({ message: 'Language saved.' }), { status: 200, headers: { 'content-type': 'application/json' } });
const signIn = () => (document.cookie = `${SESSION_COOKIE_PREFIX}test=1; path=/`);
const signOut = () => (document.cookie = `${SESSION_COOKIE_PREFIX}test=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);

afterEach(async () => {
  signOut();
  vi.unstubAllGlobals();
  await activateLanguage('en');
});

describe('the language saved on the account (issue 41)', () => {
  it('a signed-in choice is saved with PUT /api/language and sent with every call; signed out it stays in the browser', async () => {
    const fetch = fakeFetch(ok);
    vi.stubGlobal('fetch', fetch);
    await chooseLanguage('es');
    expect(fetch).not.toHaveBeenCalled();
    signIn();
    await chooseLanguage('ar');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toMatch(/\/api\/language$/);
    expect(init?.method).toBe('PUT');
    expect(sentJson(init)).toEqual({ language: 'ar' });
    expect(activeLanguage()).toBe('ar');
    await chooseLanguage('pseudo');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends the page’s language as Accept-Language, so the server answers in it', async () => {
    const fetch = fakeFetch(ok);
    vi.stubGlobal('fetch', fetch);
    signIn();
    await chooseLanguage('es');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('accept-language')).toBe('es');
  });

  it('at sign-in a second device takes the account’s language; an account without one is given the page’s', async () => {
    const fetch = fakeFetch(ok);
    vi.stubGlobal('fetch', fetch);
    signIn();
    await followAccountLanguage('ar');
    expect(activeLanguage()).toBe('ar');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(fetch).not.toHaveBeenCalled();
    await activateLanguage('es');
    await followAccountLanguage(null);
    expect(activeLanguage()).toBe('es');
    expect(sentJson(fetch.mock.calls[0]![1])).toEqual({ language: 'es' });
  });
});
