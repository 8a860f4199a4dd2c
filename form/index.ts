/** The form model's names the server's documents, the local stack's start-up and tests take in one import; the rest import the module a name lives in. */
export type * from './types';
export { institution } from './institution';
export { pages, getPage, pageAnswerKeys } from './model';
export { allAnswerKeys } from './data-model';
export { printApplication, printHeaderLines, UNANSWERED_TEXT, type PrintedDocument, type PrintedRow } from './print';
export { ConfigurationError } from './checks';
export { checkFormConfiguration } from './configuration';
