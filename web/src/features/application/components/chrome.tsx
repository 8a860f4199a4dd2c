import { useMemo } from 'react';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { useT } from '#web/lib/i18n';
import { useFormNavigation } from '../use-form-navigation';
import { useFormRuntime } from './form-runtime';
import { formSummaryItems, useRequestedFocus } from './form-summary';
import { PageNav } from './PageNav';

function useNav() {
  const { tabs, addAnother } = useFormRuntime();
  const ctx = useMemo(() => ({ tabs, addAnother }), [tabs, addAnother]);
  return useFormNavigation(ctx);
}

export function ApplicationNav() {
  const { goTo, submit } = useNav();
  return <PageNav onGo={(p) => void goTo(p)} onSubmit={() => void submit()} />;
}

/** "We're missing some information!": every problem as a link to its page and field, taking focus after a submit. */
export function ApplicationErrorSummary() {
  const { goTo } = useNav();
  const { errors } = useFormRuntime();
  const t = useT();
  const items = formSummaryItems(errors, t);
  const attempt = useRequestedFocus(items.length > 0);
  return (
    <ErrorSummary
      items={items}
      attempt={attempt}
      prefix="application"
      title={t('form.ui.summaryTitle')}
      intro={t('form.ui.summaryIntro')}
      onFollow={(href) => void goTo(href)}
    />
  );
}
