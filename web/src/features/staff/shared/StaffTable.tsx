import type { ReactNode } from 'react';
import { TableWrap } from './TableWrap';

/**
 * The console's tables: a scrolling region and a caption named alike (screen readers announce
 * both), one header row of column titles, and the rows the caller gives. `leading` goes before
 * the titles (a select-all checkbox), as a cell of its own.
 */
export function StaffTable({
  label,
  columns,
  leading,
  children,
}: {
  label: string;
  columns: readonly (string | false)[];
  leading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableWrap label={label}>
      <table className="staff-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {leading}
            {columns
              .filter((c): c is string => c !== false)
              .map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableWrap>
  );
}
