import { useMemo } from 'react';
import { useFormNavigation } from '../use-form-navigation';
import { ErrorSummary } from './ErrorSummary';
import { useFormRuntime } from './form-runtime';
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

export function ApplicationErrorSummary() {
  const { goTo } = useNav();
  return <ErrorSummary onNavigate={(href) => void goTo(href)} />;
}
