import { useEffect, useRef } from 'react';

/** The header's checkbox: ticks or clears every row on the page; mixed while some are ticked. */
export function SelectAll({ ids, selected, onChange }: { ids: readonly string[]; selected: readonly string[]; onChange: (ids: readonly string[]) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const all = ids.length > 0 && ids.every((id) => selected.includes(id));
  const some = !all && ids.some((id) => selected.includes(id));
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="staff-check"
      aria-label="Select all applications on this page"
      checked={all}
      onChange={(e) => onChange(e.target.checked ? [...ids] : [])}
    />
  );
}
