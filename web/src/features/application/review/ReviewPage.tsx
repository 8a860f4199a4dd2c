import { useMemo } from 'react';
import { printApplication } from '#form/print';
import { useAnswers } from '#web/lib/answers';
import { useLanguage, useT } from '#web/lib/i18n';
import { useDocumentTitle } from '#web/lib/title';
import { useFormRuntime } from '../components/form-runtime';
import { errorLink, getPage, tabGroups } from '../model';
import { useFormNavigation } from '../use-form-navigation';
import { useFormWords } from '../words';
import { shownRowValue } from './review-words';

/**
 * Where a row's "Change" link goes: the question on its page (the app focuses #key on arrival);
 * a tab group's row goes to its chosen tab, the control that changes it.
 */
export function changeLink(pagePath: string, key: string, tabs: Readonly<Record<string, string>>): string {
  const group = tabGroups.get(key);
  if (group) return `${pagePath}#${group.id}-tab-${tabs[group.id] ?? group.defaultTab}`;
  return errorLink(key) ?? `${pagePath}#${key}`;
}

/**
 * "Check your answers" before submitting: every page as the PDF prints it (form's one printer),
 * each question with a Change link to itself, and the same Submit as every page.
 */
export function ReviewPage() {
  const answers = useAnswers();
  const { tabs, addAnother, documents, errors } = useFormRuntime();
  const ctx = useMemo(() => ({ tabs, addAnother }), [tabs, addAnother]);
  const { goTo, submit } = useFormNavigation(ctx);
  const printed = useMemo(() => printApplication({ answers, tabs, addAnother, documents }), [answers, tabs, addAnother, documents]);
  useDocumentTitle(Object.keys(errors).length > 0);
  const t = useT();
  const w = useFormWords();
  const language = useLanguage();
  return (
    <div className="review">
      <h1>{t('form.ui.reviewTitle')}</h1>
      <p>{t('form.ui.reviewIntro')}</p>
      {printed.map((page) => {
        const path = getPage(page.id).path;
        return (
          <section key={page.id} className="section review__page" aria-labelledby={`review-${page.id}`}>
            <h2 id={`review-${page.id}`}>
              {page.number}. {w(page.title)}
            </h2>
            {page.sections.map((s) => (
              <section key={s.id} aria-labelledby={`review-${page.id}-${s.id}`}>
                <h3 id={`review-${page.id}-${s.id}`}>{w(s.title)}</h3>
                <dl className="review__rows">
                  {s.rows.map((r) => {
                    const href = changeLink(path, r.key, tabs);
                    return (
                      <div key={r.key} className="review__row">
                        <dt>{w(r.label)}</dt>
                        <dd>{shownRowValue(r, answers, language) || t('form.ui.unanswered')}</dd>
                        <dd className="review__change">
                          <a
                            href={href}
                            onClick={(e) => {
                              e.preventDefault();
                              // The page then offers the way back here instead of the next page.
                              void goTo(href, { fromReview: true });
                            }}
                          >
                            {`${t('form.ui.change')} `}
                            <span className="visually-hidden">{w(r.label)}</span>
                          </a>
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              </section>
            ))}
          </section>
        );
      })}
      <div className="page-actions">
        <span />
        <button type="button" className="button button--primary" onClick={() => void submit()}>
          {t('form.ui.submit')}
        </button>
      </div>
    </div>
  );
}
