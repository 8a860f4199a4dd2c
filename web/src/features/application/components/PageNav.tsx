import { useLocation } from 'react-router-dom';
import { paths } from '#web/lib/routes';
import { pages } from '../model';

/** Left navigation: the three numbered pages; clicks go through the save/validate rules. */
export function PageNav({ onGo, onSubmit }: { onGo: (path: string) => void; onSubmit: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav className="page-nav" aria-label="Application pages">
      <ol>
        {pages.map((p) => (
          <li key={p.id}>
            <a
              href={p.path}
              aria-current={pathname === p.path ? 'page' : undefined}
              onClick={(e) => {
                e.preventDefault();
                onGo(p.path);
              }}
            >
              {p.number}. {p.title}
            </a>
          </li>
        ))}
      </ol>
      <a
        href={paths.review}
        className="page-nav__review"
        aria-current={pathname === paths.review ? 'page' : undefined}
        onClick={(e) => {
          e.preventDefault();
          onGo(paths.review);
        }}
      >
        Review your answers
      </a>
      <button type="button" className="button button--primary page-nav__submit" onClick={onSubmit}>
        Submit
      </button>
    </nav>
  );
}
