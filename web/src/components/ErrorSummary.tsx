import { useEffect, useRef } from 'react';
import { useT } from '#web/lib/i18n';

export interface SummaryItem {
  /** The field the message is about (its container's id is `${prefix}-field-${field}`); none for a refusal by the server. */
  field?: string;
  /** Where the message leads instead of a field of this form (a question on another page); `onFollow` goes there. */
  href?: string;
  /** The heading the message is listed under (the applicant's form lists its problems by page). */
  group?: string;
  message: string;
}

/** The id of the element around a field of a form whose ids start with `prefix`: the summary's links lead there. */
export const prefixedFieldId = (prefix: string, field: string) => `${prefix}-field-${field}`;

/** Focuses the input, select or textarea inside a field's container (the summary's link target). */
function focusFieldById(id: string): void {
  const container = document.getElementById(id);
  const input = container?.matches('input,select,textarea') ? container : container?.querySelector<HTMLElement>('input,select,textarea');
  if (!input) return;
  input.scrollIntoView?.({ block: 'center' });
  input.focus({ preventScroll: true });
}

/** The items under their group's heading, in the order the groups first appear; none when no item has a group. */
function groupsOf(items: readonly SummaryItem[]): { heading?: string; items: SummaryItem[] }[] | null {
  if (!items.some((i) => i.group)) return null;
  const groups = new Map<string | undefined, SummaryItem[]>();
  for (const item of items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups].map(([heading, items]) => ({ heading, items }));
}

/**
 * "There is a problem" (GOV.UK): every message of the last submit, each as a link to its field
 * (or to where `href` leads), a server's refusal as text. It takes focus each time `attempt`
 * changes after the first submit (0: none yet), so a screen reader reads it and the keyboard
 * starts from it; typing afterwards does not move focus again. The one summary of the app: the
 * applicant's form, its cards and the staff console's forms differ only in their words and ids.
 */
export function ErrorSummary({
  items,
  attempt,
  prefix,
  headingLevel = 2,
  title,
  intro,
  onFollow,
}: {
  items: readonly SummaryItem[];
  attempt: number;
  /** Starts the ids of the summary and of the fields it links to (a page with two forms gives each its own). */
  prefix: string;
  headingLevel?: 2 | 3;
  title?: string;
  /** A sentence under the title. */
  intro?: string;
  /** Follows an item's `href` (a field's link focuses the field). */
  onFollow?: (href: string) => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const show = items.length > 0;
  useEffect(() => {
    if (show && attempt > 0) ref.current?.focus();
    // Only a new submit moves focus; the items changing as the person types must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  if (!show) return null;
  const titleId = `${prefix}-error-summary-title`;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const GroupHeading = headingLevel === 3 ? 'h4' : 'h3';
  const list = (entries: readonly SummaryItem[]) => (
    <ul>
      {entries.map(({ field, href, message }) => {
        const target = href ?? (field ? `#${prefixedFieldId(prefix, field)}` : undefined);
        return (
          <li key={`${target ?? ''}:${message}`}>
            {target ? (
              <a
                href={target}
                onClick={(e) => {
                  e.preventDefault();
                  if (href) onFollow?.(href);
                  else if (field) focusFieldById(prefixedFieldId(prefix, field));
                }}
              >
                {message}
              </a>
            ) : (
              message
            )}
          </li>
        );
      })}
    </ul>
  );
  const groups = groupsOf(items);
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1}>
      <Heading id={titleId}>{title ?? t('messages.problem')}</Heading>
      {intro && <p>{intro}</p>}
      {groups
        ? groups.map(({ heading, items: grouped }) => (
            <div key={heading ?? ''}>
              {heading && <GroupHeading className="error-summary__page">{heading}</GroupHeading>}
              {list(grouped)}
            </div>
          ))
        : list(items)}
    </div>
  );
}

/** The summary's items: each field's messages in the order given, then the server's message. */
export function summaryItems(errors: Record<string, readonly string[] | undefined>, order: readonly string[], serverMessage?: string | null): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const field of order) for (const message of errors[field] ?? []) items.push({ field, message });
  if (serverMessage) items.push({ message: serverMessage });
  return items;
}
