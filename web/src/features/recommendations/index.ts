/** What the app shell and other features may use from this feature. */
import { createElement, lazy, Suspense } from 'react';
import { Spinner } from '#web/components/Spinner';
import { loadPart, translate } from '#web/lib/i18n';
import type { SectionPlace } from './words';

export { STATUS_WORDS, ROLE_WORDS, waiverInWords } from './words';

// Its own chunk: the form pages' shared chunk is near its budget, and the section is needed on one
// page. Its words (the catalog's recommend part) come with it.
const Section = lazy(() => Promise.all([import('./components/RecommendationsSection'), loadPart('recommend')]).then(([section]) => section));

/** The applicant's "Recommendations" section, loaded when it is shown; `closed` once a final decision is released. */
export function RecommendationsSection({ place, closed = false }: { place: SectionPlace; closed?: boolean }) {
  return createElement(
    Suspense,
    { fallback: createElement(Spinner, { label: translate('recommend.section.loading'), showLabel: true }) },
    createElement(Section, { place, closed }),
  );
}
