/**
 * What a person's browser is shown when it follows a download link (a route the table marks
 * `openedByLink`) after the session has gone: a page in the product's words with the way back,
 * instead of the JSON a script reads. A `fetch` (which does not ask for HTML) still gets the JSON.
 * Only those routes' handlers import it (`openedByLink` below), so no other Lambda carries the pages.
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { DomainError } from '#domain/errors';
import { DEFAULT_LANGUAGE, directionOf, type LanguageCode } from '#form/i18n/languages';
import { serverText, translateServerMessage } from '#form/i18n/server-words';
import { institution } from '#form/institution';
import { institutionWordsIn } from '#form/institution-server-texts';
import { languageOfRequest } from '#form/prerendered';
import type { PipelineRow } from '#lambdas/route-row';
import type { Access } from '#lambdas/routes';
import type { ErrorPage } from './errors';

/** The staff's pages' words: English, as the console is (issue 41 leaves it English). */
const STAFF_WORDS = {
  signedOutTitle: 'You are signed out',
  signedOut: 'Your staff session has ended, so this file cannot be opened. Sign in, then open the application again and use its link.',
  signIn: 'Sign in',
  tooSoonTitle: 'Please wait a moment',
  back: 'Back to the applications',
};

/**
 * The words of an applicant's page: the catalog's `server.linkPage.…` in `language` (issue 41);
 * the staff's, English.
 */
function wordsFor(access: Access, language: LanguageCode): { language: LanguageCode; words: typeof STAFF_WORDS } {
  if (access === 'staff') return { language: DEFAULT_LANGUAGE, words: STAFF_WORDS };
  const say = (id: string) => serverText(language, `server.linkPage.${id}`);
  return {
    language,
    words: { signedOutTitle: say('signedOutTitle'), signedOut: say('signedOut'), signIn: say('signIn'), tooSoonTitle: say('tooSoonTitle'), back: say('back') },
  };
}
const SIGN_IN = (access: Access) => (access === 'staff' ? '/staff/login' : '/login');
const BACK = (access: Access) => (access === 'staff' ? '/staff/applications' : '/');

/**
 * The language of a page the server answers a browser's navigation with (a download link
 * followed, an unsubscribe link): the switcher's choice (the `language` cookie, every path), else
 * the browser's Accept-Language, else English: how the site's own pages are chosen
 * (form/prerendered.ts languageOfRequest), so the page reads as the one the link was on. A
 * navigation does not carry the Accept-Language the app's `fetch` sets to the page's language.
 */
export function pageLanguage(event: APIGatewayProxyEventV2): LanguageCode {
  const cookie = event.cookies?.join('; ') ?? event.headers?.cookie ?? '';
  return languageOfRequest(cookie, event.headers?.['accept-language'] ?? '');
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b;background:#fff}a{color:#005ea2}';
/** The one inline style, allowed by its hash: the page runs no script and loads nothing. */
const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The browser asks for a page (a navigation sends `Accept: text/html…`; the app's `fetch` asks for JSON). */
export function wantsPage(event: APIGatewayProxyEventV2): boolean {
  return /\btext\/html\b/.test(event.headers?.accept ?? '');
}

export function signedOutHtml(access: Access, language: LanguageCode = DEFAULT_LANGUAGE): string {
  const { language: lang, words } = wordsFor(access, language);
  return pageHtml(words.signedOutTitle, words.signedOut, SIGN_IN(access), words.signIn, lang);
}

/**
 * The product's frame for a page the server answers itself (signed out, too soon, unsubscribe):
 * the institution's name, a title, one paragraph, then `after` (markup the caller built with
 * escaped values); `head` adds to the head. Each caller brings its style, which its CSP hashes.
 * `language`: the page's words' (issue 41), its direction with it; the institution's name as its
 * file gives it in that language, marked as the institution's language where it stays as written
 * (form/institution-text.ts shownIn says the same on the app's pages).
 */
export function framedPage(style: string, title: string, text: string, after: string, head = '', language: LanguageCode = DEFAULT_LANGUAGE): string {
  const said = institutionWordsIn(language, institution.name);
  const name = escape(said);
  const inEnglish = language === DEFAULT_LANGUAGE;
  const nameLang = inEnglish || said !== institution.name ? '' : ` lang="${DEFAULT_LANGUAGE}"`;
  return `<!doctype html>
<html lang="${language}"${inEnglish ? '' : ` dir="${directionOf(language)}"`}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head}<title>${escape(title)} - ${name}</title>
<style>${style}</style>
</head>
<body>
<main>
<p${nameLang}>${name}</p>
<h1>${escape(title)}</h1>
<p>${escape(text)}</p>
${after}</main>
</body>
</html>
`;
}

/** A page in the product's frame: a title, one paragraph, one way on. Every value is escaped. */
function pageHtml(title: string, text: string, href: string, linkText: string, language: LanguageCode): string {
  return framedPage(STYLE, title, text, `<p><a href="${href}">${escape(linkText)}</a></p>\n`, '', language);
}

/** 401 as a page: still a refusal (nothing is cached), readable by a person, in `language` (an applicant's). */
export function signedOutPage(access: Access, language: LanguageCode = DEFAULT_LANGUAGE): APIGatewayProxyStructuredResultV2 {
  return htmlRefusal(401, signedOutHtml(access, language));
}

/**
 * 429 as a page: a link opened again too soon (a copy of one's data is built once a minute; a
 * double click would otherwise show the JSON). The message says when, in the page's language
 * (the refusal's own wording, else found in the catalog by its English); the link leads back.
 */
export function tooSoonPage(access: Access, error: DomainError, language: LanguageCode = DEFAULT_LANGUAGE): APIGatewayProxyStructuredResultV2 {
  const { language: lang, words } = wordsFor(access, language);
  const message = lang === DEFAULT_LANGUAGE ? error.message : (error.inLanguage?.(lang) ?? translateServerMessage(lang, error.message));
  return htmlRefusal(429, pageHtml(words.tooSoonTitle, message, BACK(access), words.back, lang));
}

function htmlRefusal(statusCode: number, body: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    },
    body,
  };
}

/** What a browser following a link of `access` is shown: signed out (401), opened again too soon (429). */
export function linkPages(access: Access): ErrorPage {
  return (error, event) => {
    if (!wantsPage(event)) return undefined;
    if (error.status === 401) return signedOutPage(access, pageLanguage(event));
    if (error.status === 429) return tooSoonPage(access, error, pageLanguage(event));
    return undefined;
  };
}

/** The row of a route the table marks `openedByLink`, with the pages its errors show a browser. */
export function openedByLink<R extends PipelineRow & { openedByLink: true }>(row: R): R & { errorPage: ErrorPage } {
  return { ...row, errorPage: linkPages(row.access) };
}
