import { statements } from '#form/institution-statements';
import { institutionShown, useT } from '#web/lib/i18n';
import { institutionNames, Sentence } from '#web/lib/institution-words';
import { calendarDayInWords, paragraphs } from '../words';

/** The institution's terms of use, as its configuration words them; the page's own words in the active language. */
export function TermsOfUse() {
  const { text, updated } = statements.terms;
  const t = useT();
  const shown = institutionShown(text);
  const names = institutionNames();
  return (
    <article className="statement" aria-labelledby="statement-title">
      <h1 id="statement-title">{t('statement.terms.title')}</h1>
      <p>
        <Sentence text={t('statement.terms.applies', { application: names.title, institution: names.name })} />
      </p>
      {/* The terms in the page's language where the file gives them in it; else the institution's, marked so. */}
      {paragraphs(shown.text).map((p) => (
        <p key={p} lang={shown.lang}>
          {p}
        </p>
      ))}
      <p className="statement__date">{t('statement.terms.updated', { day: calendarDayInWords(updated) })}</p>
    </article>
  );
}

export const Component = TermsOfUse;
