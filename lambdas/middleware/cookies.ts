import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Tokens } from '#domain/ports/identity';
import { config } from '#lambdas/config';

/**
 * Session cookies. Names begin with `CognitoIdentityServiceProvider.` as the spec requires
 * (the SPA infers "logged in" from that prefix). The tokens are HttpOnly; only the marker is
 * readable by scripts, and it carries no secret.
 */
export const COOKIE_PREFIX = 'CognitoIdentityServiceProvider.';

export const cookieNames = () => {
  const base = `${COOKIE_PREFIX}${config().userPoolClientId}`;
  return { access: `${base}.accessToken`, refresh: `${base}.refreshToken`, marker: `${base}.loggedIn` };
};

/** Cookies of a request: API Gateway v2 puts them in `cookies`, other callers in the header. */
function cookiePairs(event: APIGatewayProxyEventV2): [string, string][] {
  const pairs = event.cookies ?? (event.headers?.cookie ?? event.headers?.Cookie ?? '').split(';');
  const out: [string, string][] = [];
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const raw = pair.slice(at + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      /* kept as sent */
    }
    out.push([pair.slice(0, at).trim(), value]);
  }
  return out;
}

/** The request's cookies by name (the first of a repeated name; see `isAmbiguous`). */
export function readCookies(event: APIGatewayProxyEventV2): Record<string, string> {
  const jar: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of cookiePairs(event)) if (!(name in jar)) jar[name] = value;
  return jar;
}

/**
 * True when the request carries two different values under one cookie name. Browsers order such
 * cookies by path length and age, not by who set them, so neither can be trusted to be this
 * host's own: a session cookie planted from a sibling domain must not become the session.
 */
export function isAmbiguous(event: APIGatewayProxyEventV2, name: string): boolean {
  return (
    new Set(
      cookiePairs(event)
        .filter(([n]) => n === name)
        .map(([, v]) => v),
    ).size > 1
  );
}

/**
 * Session cookies carry no Max-Age or Expires: they end when the browser does (a shared computer
 * closed after use), and the server ends the session itself after 15 idle minutes. `clear`
 * removes them.
 */
function attributes(httpOnly: boolean, clear = false): string {
  // Secure everywhere except plain-http localhost, where browsers would drop Secure cookies.
  const secure = !config().publicOrigin.startsWith('http://localhost') && !config().publicOrigin.startsWith('http://127.0.0.1');
  return [`Path=/`, clear ? 'Max-Age=0' : '', 'SameSite=Strict', httpOnly ? 'HttpOnly' : '', secure ? 'Secure' : ''].filter(Boolean).join('; ');
}

export function sessionCookies(tokens: Tokens): string[] {
  const names = cookieNames();
  const cookies = [`${names.access}=${tokens.accessToken}; ${attributes(true)}`, `${names.marker}=1; ${attributes(false)}`];
  if (tokens.refreshToken) cookies.push(`${names.refresh}=${tokens.refreshToken}; ${attributes(true)}`);
  return cookies;
}

export function clearedSessionCookies(): string[] {
  const names = cookieNames();
  return [`${names.access}=; ${attributes(true, true)}`, `${names.refresh}=; ${attributes(true, true)}`, `${names.marker}=; ${attributes(false, true)}`];
}
