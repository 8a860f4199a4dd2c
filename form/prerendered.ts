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

/** The file under the web build that holds a prerendered path's HTML ('/staff/login' → 'staff/login.html'). */
export const prerenderedFile = (path: string): string => `${path.slice(1)}.html`;

/**
 * A signed-in visitor (an applicant's identity-provider cookies, the staff console's marker)
 * sees their own page, not the anonymous one the build rendered: they get index.html, the shell
 * with the spinner, while the profile loads.
 */
export const SIGNED_IN_COOKIE = /(?:^|;\s*)(?:CognitoIdentityServiceProvider\.[^=;]*=[^;\s]|StaffSession\.loggedIn=1(?:;|$))/;

/** The file the site serves for an app path (no dot in its last segment): a prerendered page or the shell. */
export function htmlFileFor(path: string, cookie: string): string {
  return PRERENDERED_PATHS.includes(path) && !SIGNED_IN_COOKIE.test(cookie) ? prerenderedFile(path) : 'index.html';
}
