import { useEffect, useRef } from 'react';

export interface SummaryItem {
  /** The field the message is about (its container's id is `${prefix}-field-${field}`); none for a refusal by the server. */
  field?: string;
  message: string;
}

/** The id of the element around a field of a form whose ids start with `prefix`: the summary's links lead there. */
export const prefixedFieldId = (prefix: string, field: string) => `${prefix}-field-${field}`;

/** Focuses the input, select or textarea inside a field's container (the summary's link target). */
export function focusFieldById(id: string): void {
  const container = document.getElementById(id);
  const input = container?.matches('input,select,textarea') ? container : container?.querySelector<HTMLElement>('input,select,textarea');
  if (!input) return;
  input.scrollIntoView?.({ block: 'center' });
  input.focus({ preventScroll: true });
}

/**
 * "There is a problem" (GOV.UK): every message of the last submit, field messages as links to
 * their field. It takes focus each time `attempt` changes, so a screen reader reads it and the
 * keyboard starts from it; typing afterwards does not move focus again.
 */
export function ErrorSummary({ items, attempt, prefix, headingLevel = 2 }: { items: SummaryItem[]; attempt: number; prefix: string; headingLevel?: 2 | 3 }) {
  const ref = useRef<HTMLDivElement>(null);
  const show = items.length > 0;
  useEffect(() => {
    if (show) ref.current?.focus();
    // Only a new submit moves focus; the items changing as the person types must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  if (!show) return null;
  const titleId = `${prefix}-error-summary-title`;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1}>
      <Heading id={titleId}>There is a problem</Heading>
      <ul>
        {items.map(({ field, message }) => (
          <li key={`${field ?? ''}:${message}`}>
            {field ? (
              <a
                href={`#${prefixedFieldId(prefix, field)}`}
                onClick={(e) => {
                  e.preventDefault();
                  focusFieldById(prefixedFieldId(prefix, field));
                }}
              >
                {message}
              </a>
            ) : (
              message
            )}
          </li>
        ))}
      </ul>
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
