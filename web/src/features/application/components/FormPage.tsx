import { useEffect, type ReactNode } from 'react';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { NextApplication } from '#web/components/NextApplication';
import { useT } from '#web/lib/i18n';
import { paths } from '#web/lib/routes';
import { snapshotStore, updateSnapshot, useSnapshot } from '#web/lib/session';
import { useDocumentTitle } from '#web/lib/title';
import { putLastPage } from '../api/status-api';
import type { PageId } from '../model';
import { getPage, pages } from '../model';
import { useApplicationClosed } from '../use-application-closed';
import { cameFromReview, useFormNavigation } from '../use-form-navigation';
import { useFormWords } from '../words';
import { useFormRuntime } from './form-runtime';
import { Nodes } from './FormNodes';

/** One form page rendered from the model, then what the route adds (`children`), then the page-to-page buttons. */
export function FormPage({ id, children }: { id: PageId; children?: ReactNode }) {
  const page = getPage(id);
  const { errors, tabs, addAnother, loggedIn } = useFormRuntime();
  const ctx = useMemo(() => ({ tabs, addAnother }), [tabs, addAnother]);
  const { saveAndGo, submit } = useFormNavigation(ctx);
  const web_status = useSnapshot((s) => s.web_status);
  const fromReview = cameFromReview(useLocation().state);
  useDocumentTitle(Object.keys(errors).length > 0);
  // Before its cycle opens and after its last round closes the application is read-only (issue 37):
  // the page says why and keeps every answer in view, disabled; the server refuses writes the same.
  const closed = useApplicationClosed();
  const t = useT();
  const w = useFormWords();

  // Each page visited is stored as last page (where the next sign-in resumes) while started or validating. On a first
  // login the status becomes started while the first page is already shown: that page counts too.
  useEffect(() => {
    const { last_page } = snapshotStore.get();
    if (!loggedIn || (web_status !== 'started' && web_status !== 'validating') || last_page === page.path) return;
    updateSnapshot({ last_page: page.path });
    putLastPage(page.path).catch(() => undefined);
  }, [loggedIn, web_status, page.path]);

  const index = pages.findIndex((p) => p.id === id);
  const next = pages[index + 1];
  const prev = pages[index - 1];
  return (
    <>
      <h1>
        {page.number}. {w(page.title)}
      </h1>
      {closed && (
        <p className="deadline" role="status">
          {closed}
        </p>
      )}
      {/* Last cycle's application, never submitted: this cycle's can be started from here. */}
      {closed && <NextApplication />}
      <fieldset className="form-fields" disabled={closed !== undefined}>
        {page.sections.map((s) => (
          <section key={s.id} className="section" aria-labelledby={`section-${s.id}`}>
            <h2 id={`section-${s.id}`}>{w(s.title)}</h2>
            {s.description && <p>{w(s.description)}</p>}
            <Nodes nodes={s.children} />
          </section>
        ))}
        {children}
      </fieldset>
      {closed ? (
        // Nothing can be saved: the pages are read by following links, not by saving.
        <nav className="page-actions" aria-label={t('form.ui.pages')}>
          {prev ? (
            <Link className="button" to={prev.path}>
              {t('form.ui.back', { title: w(prev.title) })}
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link className="button button--primary" to={next.path}>
              {t('form.ui.next', { title: w(next.title) })}
            </Link>
          )}
        </nav>
      ) : (
        <div className="page-actions">
          {prev ? (
            <button type="button" className="button" onClick={() => void saveAndGo(prev.path)}>
              {t('form.ui.back', { title: w(prev.title) })}
            </button>
          ) : (
            <span />
          )}
          {fromReview ? (
            <button type="button" className="button button--primary" onClick={() => void saveAndGo(paths.review)}>
              {t('form.ui.saveReturn')}
            </button>
          ) : next ? (
            <button type="button" className="button button--primary" onClick={() => void saveAndGo(next.path)}>
              {t('form.ui.saveContinue')}
            </button>
          ) : (
            <button type="button" className="button button--primary" onClick={() => void submit()}>
              {t('form.ui.submit')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
