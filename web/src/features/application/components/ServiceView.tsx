import { useCallback, useState } from 'react';
import type { PrintedRow } from '#form/print';
import { printHeaderLines, UNANSWERED_TEXT } from '#form/print';
import { printSubmitted } from '#form/snapshot';
import type { ServiceViewData } from '#form/wire/responses';
import { InstitutionLogo } from '#web/components/InstitutionLogo';
import { useServiceData } from '../api/service-api';
import { institution } from '../model';

export type { ServiceViewData };

function Rows({ rows }: { rows: readonly PrintedRow[] }) {
  return rows.map((r) => (
    <div key={r.key} className="print-row">
      <dt>{r.label}</dt>
      <dd>{r.value || UNANSWERED_TEXT}</dd>
    </div>
  ));
}

/**
 * The print layout's heading lines and pages for loaded data: the rows come from form's one printer (or its snapshot).
 * A section's heading (and the page's title above its first section) is printed in one block with
 * its first question, which the page may not break: Chromium does not keep a heading with what
 * follows it on `break-after: avoid` alone (measured: headings stranded at a page's foot).
 */
function PrintPages({ data }: { data: ServiceViewData }) {
  // A submitted application prints as it was submitted, whatever the form asks today.
  const printed = printSubmitted(data.snapshot, { answers: data.answer, tabs: data.tabs, addAnother: data.add_another, documents: data.document_answer });
  return (
    <>
      {printHeaderLines({ submittedAt: data.submitted_at, reference: data.reference }).map((line) => (
        <p key={line} className="print-meta">
          {line}
        </p>
      ))}
      {printed.map((page) => (
        <section key={page.id} aria-labelledby={`print-${page.id}`}>
          {page.sections.length === 0 && (
            <h2 id={`print-${page.id}`}>
              {page.number}. {page.title}
            </h2>
          )}
          {page.sections.map((s, i) => (
            <section key={s.id} aria-labelledby={`print-${page.id}-${s.id}`}>
              <div className="print-keep">
                {i === 0 && (
                  <h2 id={`print-${page.id}`}>
                    {page.number}. {page.title}
                  </h2>
                )}
                <h3 id={`print-${page.id}-${s.id}`}>{s.title}</h3>
                <dl>
                  <Rows rows={s.rows.slice(0, 1)} />
                </dl>
              </div>
              {s.rows.length > 1 && (
                <dl>
                  <Rows rows={s.rows.slice(1)} />
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
 */
export function ServiceView({ data }: { data: ServiceViewData | undefined }) {
  const [logoSettled, setLogoSettled] = useState(false);
  const settled = useCallback(() => setLogoSettled(true), []);
  // An image already in the cache may have loaded before React listened for it.
  const logoRef = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete) setLogoSettled(true);
  }, []);
  const ready = Boolean(data) && logoSettled;
  return (
    <main id="main" className="print-view" data-print-ready={ready ? 'true' : 'false'} aria-busy={ready ? undefined : true}>
      <InstitutionLogo className="print-logo" ref={logoRef} onLoad={settled} onError={settled} />
      <h1>
        {institution.name}: {institution.applicationTitle}
      </h1>
      {data ? <PrintPages data={data} /> : <p role="status">Loading the application…</p>}
    </main>
  );
}

/** The service route: the layout shows at once and fills in when GET /service/tmp-pdf answers. */
export function ServicePrintPage({ token }: { token: string }) {
  const { data } = useServiceData(token);
  return <ServiceView data={data} />;
}
