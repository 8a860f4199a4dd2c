import { ErrorSummary as SharedErrorSummary, focusFieldById, prefixedFieldId, type SummaryItem } from '#web/components/ErrorSummary';

export { summaryItems, type SummaryItem } from '#web/components/ErrorSummary';

/** The id of the element around a field, which the summary's links lead to (a page with two forms gives each its own prefix). */
export const fieldId = (field: string, prefix = 'staff') => prefixedFieldId(prefix, field);

/** Focuses the input, select or textarea inside a field's container (the summary's link target). */
export const focusField = (field: string): void => focusFieldById(fieldId(field));

/** The console's "There is a problem" (the shared summary with the console's ids). */
export function ErrorSummary({ items, attempt, prefix = 'staff' }: { items: SummaryItem[]; attempt: number; prefix?: string }) {
  return <SharedErrorSummary items={items} attempt={attempt} prefix={prefix} />;
}
