import { useLocation } from 'react-router-dom';
import { paths } from '#web/lib/routes';
import { useSnapshot } from '#web/lib/session';
import { pages } from '../model';

/** Left navigation: the three numbered pages; clicks go through the save/validate rules. */
export function PageNav({ onGo, onSubmit }: { onGo: (path: string) => void; onSubmit: () => void }) {
  const { pathname } = useLocation();
  // A visitor without an account cannot submit yet: on a phone, where the list sits above the
  // page, their Submit would be the first thing under the header (styles.css hides it there).
  const anonymous = useSnapshot((s) => !s.is_logged_in);
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
      <button type="button" className={`button button--primary page-nav__submit${anonymous ? ' page-nav__submit--anonymous' : ''}`} onClick={onSubmit}>
        Submit
      </button>
    </nav>
  );
}
