/** What the app shell may use from this feature. */
export { CompletionPage } from './components/CompletionPage';
export { MaterialsChecklist } from './components/MaterialsChecklist';
