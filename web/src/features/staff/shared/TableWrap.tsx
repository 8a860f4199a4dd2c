import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen. The scrolling box is a labelled, focusable
 * region so a keyboard user can scroll it too (WCAG 2.1.1; axe "scrollable-region-focusable").
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <div className="staff-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
