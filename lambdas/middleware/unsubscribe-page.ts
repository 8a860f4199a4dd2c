/**
 * /unsubscribe for people and for mail providers (issue 40, item 5). The link in a marketing
 * message opens a page with one button (GET never unsubscribes: mail scanners follow links); the
 * button posts what RFC 8058's one-click POST posts, a form body `List-Unsubscribe=One-Click`, to
 * the same address. The routes are the API's, answering JSON; these wrap their handlers:
 * a one-click form body is taken for what it says (the JSON pipeline refuses forms, its CSRF
 * defence, which a link whose token is its credential does not need), and a browser, which asks
 * for HTML, is shown the answer as a page in the product's frame (no script, one inline style).
 *
 * The page's language (issue 41) is the link's: a message in Spanish or Arabic carries `&lang=`
 * (suppression.ts unsubscribeUrl), so the page goes on in the language the person just read,
 * whichever browser or device opens it; a link without one (an English message) follows the
 * site's language cookie, else the browser's Accept-Language (signed-out-page.ts pageLanguage). The route's own words (whose link, done) are
 * said in it by the reply's language middleware, which reads the same header.
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { isLanguage, type LanguageCode } from '#form/i18n/languages';
import { serverText } from '#form/i18n/server-words';
import { UNSUBSCRIBE_PATH, UNSUBSCRIBE_TOKEN } from '#form/wire/suppression';
import { jsonResponse } from './response';
import { framedPage, pageLanguage, wantsPage } from './signed-out-page';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b;background:#fff}button{font:inherit;padding:.5rem 1rem;border:2px solid #005ea2;border-radius:.25rem;background:#005ea2;color:#fff;cursor:pointer}button:focus{outline:3px solid #1b1b1b;outline-offset:2px}';
const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
const ONE_CLICK = 'List-Unsubscribe=One-Click';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function header(event: APIGatewayProxyEventV2, name: string): string {
  return Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1] ?? '';
}

/**
 * The one-click POST's form body (urlencoded, or multipart as RFC 8058 also allows) taken as no
 * body; any other form body is a 400 in words. JSON and no body go on as they are.
 */
function oneClick(event: APIGatewayProxyEventV2): { event: APIGatewayProxyEventV2 } | { refused: APIGatewayProxyStructuredResultV2 } {
  const type = header(event, 'content-type').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return { event };
  const raw = event.body ?? '';
  const text = (event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw).slice(0, 4096);
  const said =
    type === 'multipart/form-data'
      ? /name="List-Unsubscribe"\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/.test(text)
      : new URLSearchParams(text).get('List-Unsubscribe') === 'One-Click';
  if (!said) return { refused: jsonResponse(400, { message: `An unsubscribe form says ${ONE_CLICK}.` }) };
  const headers = Object.fromEntries(Object.entries(event.headers ?? {}).filter(([k]) => k.toLowerCase() !== 'content-type'));
  return { event: { ...event, headers, body: undefined, isBase64Encoded: false } };
}

function pageHtml(title: string, text: string, form: string, language: LanguageCode): string {
  // Never indexed: each page is one person's link.
  return framedPage(STYLE, title, text, form, '<meta name="robots" content="noindex">\n', language);
}

/** The link's language (`&lang=`), else the page's as every page the server answers a navigation with (the site's choice, else the browser's). */
function linkLanguage(event: APIGatewayProxyEventV2): LanguageCode {
  const linked = event.queryStringParameters?.lang;
  return isLanguage(linked) ? linked : pageLanguage(event);
}

/** The request as the route reads it: asking for its words in the page's language. */
function inLanguage(event: APIGatewayProxyEventV2, language: LanguageCode): APIGatewayProxyEventV2 {
  const headers = Object.fromEntries(Object.entries(event.headers ?? {}).filter(([k]) => k.toLowerCase() !== 'accept-language'));
  return { ...event, headers: { ...headers, 'accept-language': language } };
}

/** The route's JSON answer as a page: its message; on the GET's, a button that posts the one-click form. */
function asPage(event: APIGatewayProxyEventV2, result: APIGatewayProxyStructuredResultV2, language: LanguageCode): APIGatewayProxyStructuredResultV2 {
  const say = (id: string) => serverText(language, `server.unsubscribe.page.${id}`);
  let body: { message?: unknown; unsubscribed?: unknown } = {};
  try {
    body = JSON.parse(typeof result.body === 'string' ? result.body : '{}') as typeof body;
  } catch {
    // Not JSON: the page says the generic words below.
  }
  const status = result.statusCode ?? 500;
  const message = typeof body.message === 'string' ? body.message : say('error');
  const token = event.queryStringParameters?.t ?? '';
  const ask = event.requestContext?.http?.method === 'GET' && status === 200 && body.unsubscribed === false && UNSUBSCRIBE_TOKEN.test(token);
  const form = ask
    ? `<form method="post" action="${UNSUBSCRIBE_PATH}?${new URLSearchParams({ t: token, ...(language === 'en' ? {} : { lang: language }) }).toString().replace(/&/g, '&amp;')}">` +
      `<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escape(say('button'))}</button></form>\n`
    : '';
  const title = say(status >= 400 ? 'failedTitle' : ask ? 'askTitle' : 'doneTitle');
  return {
    statusCode: status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    },
    body: pageHtml(title, message, form, language),
  };
}

/** The route's handler for people and providers: the one-click body understood, a page for a browser. */
export function unsubscribeHandler(route: Handler): Handler {
  return async (event, context) => {
    const language = linkLanguage(event);
    const taken = oneClick(inLanguage(event, language));
    const result = 'refused' in taken ? taken.refused : await route(taken.event, context);
    return wantsPage(event) ? asPage(event, result, language) : result;
  };
}
