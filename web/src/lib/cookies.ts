/** Logged-in state is inferred from cookies carrying the identity provider's prefix. */
export const SESSION_COOKIE_PREFIX = 'CognitoIdentityServiceProvider.';

export function hasSessionCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookie
    .split(';')
    .map((c) => c.trim())
    .some((c) => c.startsWith(SESSION_COOKIE_PREFIX) && c.length > c.indexOf('=') + 1 && c.includes('='));
}
