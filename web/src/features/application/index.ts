/** What the app shell may use from this feature. */
export { FormProvider } from './components/FormProvider';
export { ApplicationNav, ApplicationErrorSummary } from './components/chrome';
export { ReviewSuggestion } from './review/ReviewSuggestion';
export { ServicePrintRoute } from './components/ServicePrintRoute';
