/**
 * What a person's browser is shown when it follows a download link (a route the table marks
 * `openedByLink`) after the session has gone: a page in the product's words with the way back,
 * instead of the JSON a script reads. A `fetch` (which does not ask for HTML) still gets the JSON.
 * Only those routes' handlers import it (`openedByLink` below), so no other Lambda carries the pages.
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DEFAULT_LANGUAGE, directionOf, type LanguageCode } from '#form/i18n/languages';
import { institution } from '#form/institution';
import type { PipelineRow } from '#lambdas/route-row';
import type { Access } from '#lambdas/routes';
import type { ErrorPage } from './errors';

interface SignedOutWords {
  title: string;
  text: string;
  signIn: string;
}

const WORDS: Record<'applicant' | 'staff', SignedOutWords> = {
  applicant: {
    title: 'You are signed out',
    text: 'Your session has ended, so this file cannot be downloaded. Sign in, then use the download link on your status page again.',
    signIn: '/login',
  },
  staff: {
    title: 'You are signed out',
    text: 'Your staff session has ended, so this file cannot be opened. Sign in, then open the application again and use its link.',
    signIn: '/staff/login',
  },
};

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b;background:#fff}a{color:#005ea2}';
/** The one inline style, allowed by its hash: the page runs no script and loads nothing. */
const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The browser asks for a page (a navigation sends `Accept: text/html…`; the app's `fetch` asks for JSON). */
export function wantsPage(event: APIGatewayProxyEventV2): boolean {
  return /\btext\/html\b/.test(event.headers?.accept ?? '');
}

export function signedOutHtml(access: Access): string {
  const w = WORDS[access === 'staff' ? 'staff' : 'applicant'];
  return pageHtml(w.title, w.text, w.signIn, 'Sign in');
}

/**
 * The product's frame for a page the server answers itself (signed out, too soon, unsubscribe):
 * the institution's name, a title, one paragraph, then `after` (markup the caller built with
 * escaped values); `head` adds to the head. Each caller brings its style, which its CSP hashes.
 * `language`: the page's words' (issue 41), its direction with it; the institution's name, in its
 * own language, is marked as such.
 */
export function framedPage(style: string, title: string, text: string, after: string, head = '', language: LanguageCode = DEFAULT_LANGUAGE): string {
  const name = escape(institution.name);
  const inEnglish = language === DEFAULT_LANGUAGE;
  const nameLang = inEnglish ? '' : ` lang="${DEFAULT_LANGUAGE}"`;
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
function pageHtml(title: string, text: string, href: string, linkText: string): string {
  return framedPage(STYLE, title, text, `<p><a href="${href}">${escape(linkText)}</a></p>\n`);
}

/** 401 as a page: still a refusal (nothing is cached), readable by a person. */
export function signedOutPage(access: Access): APIGatewayProxyStructuredResultV2 {
  return htmlRefusal(401, signedOutHtml(access));
}

/**
 * 429 as a page: a link opened again too soon (a copy of one's data is built once a minute; a
 * double click would otherwise show the JSON). The message says when; the link leads back.
 */
export function tooSoonPage(access: Access, message: string): APIGatewayProxyStructuredResultV2 {
  const back = access === 'staff' ? { href: '/staff/applications', text: 'Back to the applications' } : { href: '/', text: 'Back to your application' };
  return htmlRefusal(429, pageHtml('Please wait a moment', message, back.href, back.text));
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
    if (error.status === 401) return signedOutPage(access);
    if (error.status === 429) return tooSoonPage(access, error.message);
    return undefined;
  };
}

/** The row of a route the table marks `openedByLink`, with the pages its errors show a browser. */
export function openedByLink<R extends PipelineRow & { openedByLink: true }>(row: R): R & { errorPage: ErrorPage } {
  return { ...row, errorPage: linkPages(row.access) };
}
