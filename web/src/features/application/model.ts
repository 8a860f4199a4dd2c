/**
 * The one door from the form feature to the shared form model (form/): the renderer, the
 * validator and the change rules are the same ones the submit handler uses.
 */
export {
  pages,
  getPage,
  pageNodes,
  errorLink,
  evaluate,
  yearList,
  optionLabel,
  applyAnswers,
  withoutUntypedCharacters,
  chooseTab as chooseTabAnswers,
  validateApplication,
  validateFile,
  FILE_ACCEPT,
  formatPhone,
  formatSsn,
  printCheckbox,
  characterCount,
  isValidIsoDate,
  addAnotherCount,
  addAnotherMax,
  tabGroups,
  fileKeysIn,
  fileKeysOfTab,
  triggerFired,
  isPendingStatus,
  isAttachedDocument,
  PAGE_PATHS,
  questionFor,
  printApplication,
  printHeaderLines,
  UNANSWERED_TEXT,
  formatFileSize,
  institution,
} from '#form';
export { recordLookupPatch, typedLookupPatch } from '#form/lookup-fill';
export type * from '#form/types';
export type { DocumentAnswer, DocumentStatus, WebStatus } from '#form/contract';
export type { PrintedDocument } from '#form/print';

/** What the PDF can print (form/printable.ts): fetched beside the form pages, not inside them. */
export const printableRangesLoaded = import('#form/printable-ranges').then(() => undefined);
