import { useEffect } from 'react';
import type { SummaryItem } from '#web/components/ErrorSummary';
import { createStore, useStore } from '#web/lib/store';
import type { FieldErrors } from '../model';
import { errorLink, pages } from '../model';
import { formWord } from '../words';

/** Set by Submit: the next summary to appear takes focus (GOV.UK); page changes do not steal it. */
export const focusSummaryRequest = createStore(false);

/**
 * The summary's attempt (ErrorSummary takes focus when it changes to more than 0): 1 while a
 * submit's request for focus is due, which is once the summary shows (maybe after the submit's
 * checks came back), then 0 again as the request is taken.
 */
export function useRequestedFocus(show: boolean): number {
  const due = useStore(focusSummaryRequest) && show;
  useEffect(() => {
    if (due) focusSummaryRequest.set(false);
  }, [due]);
  return due ? 1 : 0;
}

const onPage = (href: string, path: string) => href.startsWith(`${path}#`);
const pageOrder = (href: string) => pages.findIndex((p) => onPage(href, p.path));

/**
 * Every problem of the application as a link to its page and field (page path + #key), under its
 * page's name and count ("1. About You: 3 to fix") in page order, then those of no page. One link
 * per distinct message: a rule two fields share (e.g. home or cell phone) links to the first.
 */
export function formSummaryItems(errors: FieldErrors, t: (id: string, values?: Record<string, unknown>) => string): SummaryItem[] {
  const seen = new Set<string>();
  const links: { message: string; href: string }[] = [];
  const entries = Object.entries(errors)
    .map(([key, messages]) => ({ messages, href: errorLink(key) ?? `#${key}` }))
    // Page order first, so a message two fields share is listed under the earlier page.
    .sort((a, b) => pageOrder(a.href) - pageOrder(b.href));
  for (const { messages, href } of entries) {
    for (const message of messages) {
      if (seen.has(message)) continue;
      seen.add(message);
      links.push({ message, href });
    }
  }
  const grouped = pages.flatMap((page) => {
    const onThisPage = links.filter((l) => onPage(l.href, page.path));
    const group = t('form.ui.toFix', { number: page.number, title: formWord(page.title), count: onThisPage.length });
    return onThisPage.map((l) => ({ ...l, group }));
  });
  return [...grouped, ...links.filter((l) => pageOrder(l.href) < 0)];
}
