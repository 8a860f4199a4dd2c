/**
 * Where each common browser explains its cookie settings, as the privacy notice and the Privacy
 * dialog both name them. The browsers' names are the same in every language: marked as English,
 * a screen reader says them as such on a Spanish or Arabic page.
 */
const BROWSERS = [
  ['Chrome', 'https://support.google.com/chrome/answer/95647'],
  ['Firefox', 'https://support.mozilla.org/kb/enhanced-tracking-protection-firefox-desktop'],
  ['Safari', 'https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac'],
  ['Edge', 'https://support.microsoft.com/microsoft-edge'],
] as const;

export function BrowserCookieLinks() {
  return (
    <>
      {BROWSERS.map(([name, href], i) => (
        <span key={name}>
          {i > 0 && ', '}
          <a href={href} lang="en">
            {name}
          </a>
        </span>
      ))}
      .
    </>
  );
}
