import { useEffect, useRef } from 'react';
import { createStore, useStore } from '#web/lib/store';
import { errorLink, pages } from '../model';
import { useFormRuntime } from './form-runtime';

/** Set by Submit: the next summary to appear takes focus (GOV.UK); page changes do not steal it. */
export const focusSummaryRequest = createStore(false);

const onPage = (href: string, path: string) => href.startsWith(`${path}#`);
const pageOrder = (href: string) => pages.findIndex((p) => onPage(href, p.path));

/** One link per distinct message (a rule shared by two fields, e.g. home or cell phone, links to the first). */
function dedupe(items: { key: string; messages: string[]; href: string }[]) {
  const seen = new Set<string>();
  const out: { id: string; message: string; href: string }[] = [];
  for (const { key, messages, href } of items) {
    for (const message of messages) {
      if (seen.has(message)) continue;
      seen.add(message);
      out.push({ id: `${key}:${message}`, message, href });
    }
  }
  return out;
}

/**
 * "We're missing some information!": an assertive alert listing every problem as a link
 * to its page and field (page path + #key).
 */
export function ErrorSummary({ onNavigate }: { onNavigate: (href: string) => void }) {
  const { errors } = useFormRuntime();
  const ref = useRef<HTMLDivElement>(null);
  const items = Object.entries(errors)
    .map(([key, messages]) => ({ key, messages, href: errorLink(key) ?? `#${key}` }))
    // Page order first, so a message two fields share is listed under the earlier page.
    .sort((a, b) => pageOrder(a.href) - pageOrder(b.href));
  const show = items.length > 0;
  const focusRequested = useStore(focusSummaryRequest);
  useEffect(() => {
    if (show && focusRequested) {
      focusSummaryRequest.set(false);
      ref.current?.focus();
    }
  }, [show, focusRequested]);
  if (!show) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" aria-live="assertive" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 id="error-summary-title">We're missing some information!</h2>
      <p>The links below show what needs correcting. Fix them and submit your application again.</p>
      {groupByPage(dedupe(items)).map(({ heading, links }) => (
        <div key={heading ?? 'other'}>
          {heading && <h3 className="error-summary__page">{heading}</h3>}
          <ul>
            {links.map(({ id, message, href }) => (
              <li key={id}>
                <a
                  href={href}
                  onClick={(e) => {
                    e.preventDefault();
                    onNavigate(href);
                  }}
                >
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The links under their page's name and count ("1. About You: 3 to fix"), in page order. */
function groupByPage<L extends { href: string }>(links: L[]): { heading?: string; links: L[] }[] {
  const groups = pages.map((p) => ({ page: p, links: links.filter((l) => onPage(l.href, p.path)) })).filter((g) => g.links.length > 0);
  const other = links.filter((l) => pageOrder(l.href) < 0);
  return [
    ...groups.map(({ page, links }) => ({ heading: `${page.number}. ${page.title}: ${links.length} to fix`, links })),
    ...(other.length ? [{ links: other }] : []),
  ];
}
