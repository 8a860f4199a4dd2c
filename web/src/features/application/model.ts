/**
 * The one door from the form pages to the shared form model (form/): the renderer, the
 * validator and the change rules are the same ones the submit handler uses. Each name comes
 * from its own module, not from form/'s barrel: the barrel would bring what no form page uses
 * (the account schemas, the printer) into their chunks. The review and print views take the
 * printer from form/print.ts itself, apart from this module, so the form pages do not load it.
 */
export { pages, getPage, pageNodes, errorLink, questionFor, tabGroups, fileKeysOfTab } from '#form/model';
export { evaluate } from '#form/conditionals';
export { yearList } from '#form/options';
export { applyAnswers, chooseTab as chooseTabAnswers } from '#form/dependents';
export { withoutUntypedCharacters } from '#form/text';
// The rules without yup (form/validation/validate.ts): the schemas module would bring yup into every form page.
export { validateApplication } from '#form/validation/validate';
export { validateFile, FILE_ACCEPT } from '#form/files';
export { FILE_MESSAGES } from '#form/validation/messages';
export { formatPhone, formatSsn, characterCount, formatFileSize } from '#form/format';
export { isValidIsoDate } from '#form/dates';
export { addAnotherCount, addAnotherMax, triggerFired } from '#form/visibility';
export { fileKeysIn } from '#form/walk';
export { isPendingStatus, isAttachedDocument } from '#form/contract';
export { institution } from '#form/institution';
export { recordLookupPatch, typedLookupPatch } from '#form/lookup-fill';
export type * from '#form/types';
export type { WebStatus } from '#form/contract';

/** What the PDF can print (form/printable.ts): fetched beside the form pages, not inside them. */
export const printableRangesLoaded = import('#form/printable-ranges').then(() => undefined);
