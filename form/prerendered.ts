import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, pickLanguage, type LanguageCode } from './i18n/languages';

/**
 * The pages people land on, rendered to HTML at build (web/prerender.ts) and hydrated in the
 * browser. Adding a page is one line here: the build writes `<path>.html`, the local stack and
 * CloudFront serve it at the path, and the browser hydrates it. Only pages whose first render
 * for a visitor without a session depends on nothing but the path belong here (no profile).
 */
export const PRERENDERED_PATHS: readonly string[] = [
  '/login',
  '/signup',
  '/confirm',
  '/forgot',
  '/reset',
  '/about',
  '/staff/login',
  '/recommend',
  '/accessibility',
  '/privacy',
  '/terms',
];

/** Every path is prerendered in every language (issue 41): one file per language. */
export const PRERENDERED_LANGUAGES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);

/**
 * The file under the web build that holds a prerendered path's HTML in a language: the default
 * language's at `<path>.html` ('/staff/login' → 'staff/login.html'), another's beside it
 * ('staff/login.es.html').
 */
export const prerenderedFile = (path: string, language: LanguageCode = DEFAULT_LANGUAGE): string =>
  language === DEFAULT_LANGUAGE ? `${path.slice(1)}.html` : `${path.slice(1)}.${language}.html`;

/** The applicant's choice of language, set by the switcher (web/src/lib/i18n.tsx), read here and by CloudFront's function (lib/headers.ts). */
export const LANGUAGE_COOKIE = 'language';
const LANGUAGE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;\\s]*)`);

/**
 * The language a visitor's page is prerendered in: the switcher's choice (the cookie), else the
 * first of the browser's Accept-Language we have (q-values aside, as the browser itself orders
 * them), else the default language. The browser decides alike (lib/i18n.tsx `initialLanguage`),
 * so the page it gets is the one it hydrates.
 */
export function languageOfRequest(cookie: string, acceptLanguage = ''): LanguageCode {
  const chosen = LANGUAGE_COOKIE_VALUE.exec(cookie)?.[1];
  if (isLanguage(chosen)) return chosen;
  return pickLanguage(acceptLanguage.split(',').map((tag) => tag.split(';')[0] ?? ''));
}

/**
 * A signed-in visitor (an applicant's identity-provider cookies, the staff console's marker)
 * sees their own page, not the anonymous one the build rendered: they get index.html, the shell
 * with the spinner, while the profile loads.
 */
export const SIGNED_IN_COOKIE = /(?:^|;\s*)(?:CognitoIdentityServiceProvider\.[^=;]*=[^;\s]|StaffSession\.loggedIn=1(?:;|$))/;

/** The file the site serves for an app path (no dot in its last segment): a prerendered page in the visitor's language, or the shell. */
export function htmlFileFor(path: string, cookie: string, acceptLanguage = ''): string {
  return PRERENDERED_PATHS.includes(path) && !SIGNED_IN_COOKIE.test(cookie) ? prerenderedFile(path, languageOfRequest(cookie, acceptLanguage)) : 'index.html';
}
