import type { ReactNode } from 'react';
import { institution } from '#form/institution';
import { statements } from '#form/institution-statements';
import { T, useT } from '#web/lib/i18n';
import { institutionNames, Own, Sentence } from '#web/lib/institution-words';
import { calendarDayInWords } from '../words';

/** A link inside a translated sentence: its words are the catalog's, wherever the language puts them. */
function Anchor({ href, children }: { href: string; children?: ReactNode }) {
  return <a href={href}>{children}</a>;
}

/** The accessibility statement: the standard, how it is tested, the known exceptions and where to report a problem. */
export function AccessibilityStatement() {
  const { contact, exceptions, reviewed } = statements.accessibility;
  const t = useT();
  const names = institutionNames();
  return (
    <article className="statement" aria-labelledby="statement-title">
      <h1 id="statement-title">{t('statement.a11y.title')}</h1>
      <p>
        <Sentence text={t('statement.a11y.intro', { institution: names.name, application: names.title })} />
      </p>
      <h2>{t('statement.a11y.standardTitle')}</h2>
      <p>{t('statement.a11y.standard')}</p>
      <h2>{t('statement.a11y.testedTitle')}</h2>
      <ul>
        <li>{t('statement.a11y.tested1')}</li>
        <li>{t('statement.a11y.tested2')}</li>
        <li>{t('statement.a11y.tested3')}</li>
        <li>{t('statement.a11y.tested4')}</li>
      </ul>
      <h2>{t('statement.a11y.exceptionsTitle')}</h2>
      {exceptions.length > 0 ? (
        <ul>
          {exceptions.map((e) => (
            <li key={e}>
              <Own words={e} />
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('statement.a11y.noExceptions')}</p>
      )}
      <h2>{t('statement.a11y.reportTitle')}</h2>
      <p>
        <T
          id="statement.a11y.report"
          values={{ contact, phone: institution.phone }}
          components={[<Anchor key="mail" href={`mailto:${contact}`} />, <Anchor key="tel" href={`tel:${institution.phone.replace(/[^0-9+]/g, '')}`} />]}
        />
      </p>
      <p className="statement__date">{t('statement.a11y.reviewed', { day: calendarDayInWords(reviewed) })}</p>
    </article>
  );
}

export const Component = AccessibilityStatement;
