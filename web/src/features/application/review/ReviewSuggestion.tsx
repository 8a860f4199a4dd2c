import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { T } from '#web/lib/i18n';
import { paths } from '#web/lib/routes';
import { useSnapshot } from '#web/lib/session';
import { useFormRuntime } from '../components/form-runtime';
import { pages } from '../model';
import { useFormNavigation } from '../use-form-navigation';

/** The link inside the sentence: its words are the catalog's, wherever the language puts them. */
function ReviewLink({ onGo, children }: { onGo: () => void; children?: ReactNode }) {
  return (
    <a
      href={paths.review}
      onClick={(e) => {
        e.preventDefault();
        onGo();
      }}
    >
      {children}
    </a>
  );
}

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
      <T id="form.ui.reviewSuggestion" components={[<ReviewLink key="review" onGo={() => void goTo(paths.review)} />]} />
    </p>
  );
}
