import { lazy, Suspense } from 'react';
import { useT } from '#web/lib/i18n';

/**
 * The service view and the printer it prints with (form/print.ts) in a chunk of their own: only
 * the PDF renderer opens it, and the form layout every applicant loads carried both (issue 41
 * item 6). The review page takes the printer itself.
 */
const ServicePrintPage = lazy(() => import('./ServiceView').then((m) => ({ default: m.ServicePrintPage })));

/**
 * While that chunk loads, the print layout's root is already there, not ready: the PDF renderer
 * tells "still loading" from "no such view" by it (lambdas/adapters/renderer/print.ts) and waits
 * for data-print-ready="true", which only the view sets once its data, words and logo are in.
 */
function PrintLoading() {
  const t = useT();
  return (
    <main id="main" className="print-view" data-print-ready="false" aria-busy>
      <p role="status">{t('print.loading')}</p>
    </main>
  );
}

/** The service route's page: the print layout for the token's application. */
export function ServicePrintRoute({ token }: { token: string }) {
  return (
    <Suspense fallback={<PrintLoading />}>
      <ServicePrintPage token={token} />
    </Suspense>
  );
}
