import { Link, useLocation } from 'react-router-dom';

/**
 * Back and forward through cursor-paged results. The server only knows the way forward (its
 * cursor), so the addresses of the pages already seen travel in the history state (`previous`),
 * kept beside whatever else the page keeps there.
 */
export function CursorPaging({
  previous,
  nextSearch,
  state,
  backLabel,
  nextLabel,
}: {
  previous: readonly string[];
  /** The query string of the next page, or undefined on the last page. */
  nextSearch: string | undefined;
  state?: object | null;
  backLabel: string;
  nextLabel: string;
}) {
  const location = useLocation();
  if (previous.length === 0 && nextSearch === undefined) return null;
  return (
    <nav aria-label="Pages" className="staff-paging">
      {previous.length > 0 && (
        <Link to={previous[previous.length - 1] || '?'} state={{ ...state, previous: previous.slice(0, -1) }}>
          {backLabel}
        </Link>
      )}
      {nextSearch !== undefined && (
        <Link to={nextSearch || '?'} state={{ ...state, previous: [...previous, location.search] }}>
          {nextLabel}
        </Link>
      )}
    </nav>
  );
}
