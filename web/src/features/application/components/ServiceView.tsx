import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_LANGUAGE, htmlLangOf, isLanguage, type LanguageCode } from '#form/i18n/languages';
import type { PrintedRow } from '#form/print';
import { submittedAtInWords } from '#form/print';
import { printSubmitted } from '#form/snapshot';
import type { ServiceViewData } from '#form/wire/responses';
import { InstitutionLogo } from '#web/components/InstitutionLogo';
import { activateLanguage, activeLanguage, loadPart, useLanguage, useT } from '#web/lib/i18n';
import { useServiceData } from '../api/service-api';
import { institution } from '../model';
import { shownRowValue } from '../review/review-words';
import { useFormWords } from '../words';

export type { ServiceViewData };

/**
 * How the view words the printer's rows (issue 41): in the institution's language as printed (the
 * office's PDF, the same words as the renderer's fallback); in the applicant's, the model's words
 * and choices translated, dates as the locale writes them, what they typed as typed (the review page's rules).
 */
interface Wording {
  word(text: string): string;
  value(row: PrintedRow): string;
  unanswered: string;
}

function useWording(language: LanguageCode, answers: Readonly<Record<string, string>>): Wording {
  const t = useT();
  const w = useFormWords();
  if (language === DEFAULT_LANGUAGE) return { word: (text) => text, value: (row) => row.value, unanswered: t('form.ui.unanswered') };
  return { word: w, value: (row) => shownRowValue(row, answers, language), unanswered: t('form.ui.unanswered') };
}

function Rows({ rows, wording }: { rows: readonly PrintedRow[]; wording: Wording }) {
  return rows.map((r) => (
    <div key={r.key} className="print-row">
      <dt>{wording.word(r.label)}</dt>
      <dd>{wording.value(r) || wording.unanswered}</dd>
    </div>
  ));
}

/** The language a view prints in: the token's (the applicant's own PDF), else the institution's. */
const languageOf = (data: ServiceViewData): LanguageCode => (isLanguage(data.language) ? data.language : DEFAULT_LANGUAGE);

/**
 * The print layout's heading lines and pages for loaded data: the rows come from form's one printer (or its snapshot).
 * A section's heading (and the page's title above its first section) is printed in one block with
 * its first question, which the page may not break: Chromium does not keep a heading with what
 * follows it on `break-after: avoid` alone (measured: headings stranded at a page's foot).
 */
function PrintPages({ data, language }: { data: ServiceViewData; language: LanguageCode }) {
  const t = useT();
  const wording = useWording(language, data.answer);
  // A submitted application prints as it was submitted, whatever the form asks today.
  const printed = printSubmitted(data.snapshot, { answers: data.answer, tabs: data.tabs, addAnother: data.add_another, documents: data.document_answer });
  const when = data.submitted_at ? submittedAtInWords(data.submitted_at, institution.timeZone, htmlLangOf(language)) : '';
  const meta = [when && t('print.submitted', { when }), data.reference && t('print.reference', { reference: data.reference })].filter(Boolean);
  return (
    <>
      {meta.map((line) => (
        <p key={line} className="print-meta">
          {line}
        </p>
      ))}
      {printed.map((page) => (
        <section key={page.id} aria-labelledby={`print-${page.id}`}>
          {page.sections.length === 0 && (
            <h2 id={`print-${page.id}`}>
              {page.number}. {wording.word(page.title)}
            </h2>
          )}
          {page.sections.map((s, i) => (
            <section key={s.id} aria-labelledby={`print-${page.id}-${s.id}`}>
              <div className="print-keep">
                {i === 0 && (
                  <h2 id={`print-${page.id}`}>
                    {page.number}. {wording.word(page.title)}
                  </h2>
                )}
                <h3 id={`print-${page.id}-${s.id}`}>{wording.word(s.title)}</h3>
                <dl>
                  <Rows rows={s.rows.slice(0, 1)} wording={wording} />
                </dl>
              </div>
              {s.rows.length > 1 && (
                <dl>
                  <Rows rows={s.rows.slice(1)} wording={wording} />
                </dl>
              )}
            </section>
          ))}
        </section>
      ))}
    </>
  );
}

/**
 * The service user's print layout (what the PDF is made from): the institution's logo, then every page, read-only,
 * no controls. Its root carries data-print-ready, "true" once the data is rendered and the logo has loaded (or
 * failed to): the PDF renderer waits for exactly that (lambdas/adapters/renderer/application.ts PRINT_READY_SELECTOR).
 * It prints in the language the data names (the applicant's own PDF: the service token carries it,
 * issue 41), else the institution's, whatever the printing browser prefers; ready only once that
 * language and the form's words in it are loaded (the document's `lang` and `dir` follow it).
 */
export function ServiceView({ data }: { data: ServiceViewData | undefined }) {
  const active = useLanguage();
  const wanted = data ? languageOf(data) : undefined;
  const [wordsLoaded, setWordsLoaded] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void (async () => {
      await loadPart('form');
      if (activeLanguage() !== wanted) await activateLanguage(wanted);
      if (live) setWordsLoaded(true);
    })();
    return () => {
      live = false;
    };
  }, [wanted]);
  const t = useT();
  const [logoSettled, setLogoSettled] = useState(false);
  const settled = useCallback(() => setLogoSettled(true), []);
  // An image already in the cache may have loaded before React listened for it.
  const logoRef = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete) setLogoSettled(true);
  }, []);
  const inLanguage = wordsLoaded && active === wanted;
  const ready = Boolean(data) && logoSettled && inLanguage;
  return (
    <main id="main" className="print-view" data-print-ready={ready ? 'true' : 'false'} aria-busy={ready ? undefined : true}>
      <InstitutionLogo className="print-logo" ref={logoRef} onLoad={settled} onError={settled} />
      <h1>
        {institution.name}: {institution.applicationTitle}
      </h1>
      {data && wanted && inLanguage ? <PrintPages data={data} language={wanted} /> : <p role="status">{t('print.loading')}</p>}
    </main>
  );
}

/** The service route: the layout shows at once and fills in when GET /service/tmp-pdf answers. */
export function ServicePrintPage({ token }: { token: string }) {
  const { data } = useServiceData(token);
  return <ServiceView data={data} />;
}
