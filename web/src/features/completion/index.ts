/** What the app shell may use from this feature. */
import { createElement, lazy, Suspense } from 'react';

export { CompletionPage } from './components/CompletionPage';
export { MaterialsChecklist } from './components/MaterialsChecklist';
export { stageOf, useReleasedDecision } from './api/decision-api';

// Its own chunk: shown once a decision is released, never worth the status page's first load.
const Section = lazy(() => import('./components/DecisionSection'));

/** "Your decision", loaded when the status page is; nothing while loading (nothing hints at a decision). */
export function YourDecision() {
  return createElement(Suspense, { fallback: null }, createElement(Section));
}
export { MessagesPage } from './components/MessagesPage';
