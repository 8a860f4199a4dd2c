import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '#web/lib/routes';
import { useSnapshot } from '#web/lib/session';
import { useFormRuntime } from '../components/form-runtime';
import { pages } from '../model';
import { useFormNavigation } from '../use-form-navigation';

/**
 * Where the error summary would be, when it has nothing to say: a pointer to the review page.
 * Shown once submitting is near (on the last page, or while validating with nothing to fix), so
 * the first pages of a fresh application are not told to review what is not written yet.
 */
export function ReviewSuggestion() {
  const { pathname } = useLocation();
  const { loggedIn, errors, tabs, addAnother } = useFormRuntime();
  const webStatus = useSnapshot((s) => s.web_status);
  const ctx = useMemo(() => ({ tabs, addAnother }), [tabs, addAnother]);
  const { goTo } = useFormNavigation(ctx);
  const lastPage = pages[pages.length - 1]?.path;
  const near = webStatus === 'validating' || pathname === lastPage;
  if (!loggedIn || !near || pathname === paths.review || Object.keys(errors).length > 0) return null;
  return (
    <p className="review-suggestion">
      Ready to submit?{' '}
      <a
        href={paths.review}
        onClick={(e) => {
          e.preventDefault();
          void goTo(paths.review);
        }}
      >
        Review your answers
      </a>{' '}
      first: every question on one page, each with a link to change it.
    </p>
  );
}
