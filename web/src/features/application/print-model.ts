/**
 * The printer of the shared form model (form/print.ts), for the views that show the application
 * as printed (the review page, the service view): apart from ./model.ts so the form pages do
 * not load it.
 */
export { printApplication, printHeaderLines, UNANSWERED_TEXT, type PrintedDocument } from '#form/print';
