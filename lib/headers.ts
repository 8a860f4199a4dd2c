/**
 * What the browser is told about the site: the Content-Security-Policy and the CloudFront
 * Function that serves index.html for SPA routes. Kept apart from site.ts so both are testable
 * as plain values.
 */
import { DEFAULT_LANGUAGE } from '#form/i18n/languages';
import { LANGUAGE_COOKIE, PRERENDERED_LANGUAGES, PRERENDERED_PATHS, prerenderedFile } from '#form/prerendered';

export interface CspSources {
  /** Extra origins the app fetches from (the uploads bucket, for presigned POSTs). */
  connect: string[];
}

/**
 * Scripts only from our origin (Vite emits no inline script). Styles also allow inline because
 * React components set style attributes and small libraries inject <style>; that cannot run
 * code. frame-ancestors 'none' forbids framing (clickjacking); the PDF renderer loads the site
 * top-level, so it is unaffected.
 */
export function contentSecurityPolicy(sources: CspSources): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...sources.connect].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/** Each prerendered path and, per language, the object that holds its HTML ('/login' → { en: '/login.html', es: '/login.es.html', … }). */
const PRERENDERED_OBJECTS = Object.fromEntries(
  PRERENDERED_PATHS.map((p) => [p, Object.fromEntries(PRERENDERED_LANGUAGES.map((code) => [code, `/${prerenderedFile(p, code)}`]))]),
);

/**
 * CloudFront Function (viewer request) on the default behavior only: a path whose last segment
 * has no dot is an SPA route and gets its prerendered page (form/prerendered.ts) when the
 * visitor has no session cookie, else index.html, the shell; files keep their path; the query
 * string is left alone (the app reads it, e.g. /reset?username=&id=). The cookie test is
 * SIGNED_IN_COOKIE's, for CloudFront's parsed cookies; the language is languageOfRequest's (the
 * language cookie, else Accept-Language's first language we have). The rewrite happens before the cache, so
 * the cache key stays the object's path. On the API behaviors it would turn API 404s into the
 * app, which is why this is not a distribution-wide error response.
 */
export const SPA_FALLBACK_CODE = `var PRERENDERED = ${JSON.stringify(PRERENDERED_OBJECTS)};
var LANGUAGES = ${JSON.stringify(PRERENDERED_LANGUAGES)};
var DEFAULT_LANGUAGE = ${JSON.stringify(DEFAULT_LANGUAGE)};
var LANGUAGE_COOKIE = ${JSON.stringify(LANGUAGE_COOKIE)};
function known(code) {
  return typeof code === 'string' && LANGUAGES.indexOf(code) !== -1;
}
function language(request) {
  var cookie = request.cookies && request.cookies[LANGUAGE_COOKIE];
  if (cookie && known(cookie.value)) return cookie.value;
  var header = request.headers && request.headers['accept-language'];
  var tags = header && header.value ? header.value.split(',') : [];
  for (var i = 0; i < tags.length; i++) {
    var primary = tags[i].split(';')[0].trim().toLowerCase().split(/[-_]/)[0];
    if (known(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
function signedIn(cookies) {
  for (var name in cookies || {}) {
    var value = cookies[name] && cookies[name].value;
    if (name.indexOf('CognitoIdentityServiceProvider.') === 0 && value) return true;
    if (name === 'StaffSession.loggedIn' && value === '1') return true;
  }
  return false;
}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = PRERENDERED[uri] && !signedIn(request.cookies) ? PRERENDERED[uri][language(request)] : '/index.html';
  }
  return request;
}`;
