import { institution } from '#form/institution';
import { statements } from '#form/institution-statements';
import { useT } from '#web/lib/i18n';
import { calendarDayInWords, paragraphs } from '../words';

/** The institution's terms of use, as its configuration words them; the page's own words in the active language. */
export function TermsOfUse() {
  const { text, updated } = statements.terms;
  const t = useT();
  return (
    <article className="statement" aria-labelledby="statement-title">
      <h1 id="statement-title">{t('statement.terms.title')}</h1>
      <p>{t('statement.terms.applies', { application: institution.applicationTitle, institution: institution.name })}</p>
      {paragraphs(text).map((p) => (
        <p key={p}>{p}</p>
      ))}
      <p className="statement__date">{t('statement.terms.updated', { day: calendarDayInWords(updated) })}</p>
    </article>
  );
}

export const Component = TermsOfUse;
