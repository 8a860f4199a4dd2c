import { useLocation } from 'react-router-dom';
import { useT } from '#web/lib/i18n';
import { paths } from '#web/lib/routes';
import { useSnapshot } from '#web/lib/session';
import { pages } from '../model';

/** The pages' names in the catalogs (the form's own words are English until the form is translated). */
const TITLE_IDS: Readonly<Record<string, string>> = { about: 'title.about', 'education-ug': 'title.education', 'final-steps': 'title.finalSteps' };

/** Left navigation: the three numbered pages; clicks go through the save/validate rules. */
export function PageNav({ onGo, onSubmit }: { onGo: (path: string) => void; onSubmit: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  // A visitor without an account cannot submit yet: on a phone, where the list sits above the
  // page, their Submit would be the first thing under the header (styles.css hides it there).
  const anonymous = useSnapshot((s) => !s.is_logged_in);
  return (
    <nav className="page-nav" aria-label={t('nav.label')}>
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
              {t('nav.page', { number: p.number, title: TITLE_IDS[p.id] ? t(TITLE_IDS[p.id]!) : p.title })}
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
        {t('nav.review')}
      </a>
      <button type="button" className={`button button--primary page-nav__submit${anonymous ? ' page-nav__submit--anonymous' : ''}`} onClick={onSubmit}>
        {t('nav.submit')}
      </button>
    </nav>
  );
}
