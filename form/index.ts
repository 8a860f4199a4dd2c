/** The form model's public surface: import from 'form' (or '../form'), not from its files. */
export type * from './types';
export * from './account';
export { institution } from './institution';
export { activeBanners } from './banners';
export * from './options';
export {
  type AnswerKey,
  pages,
  DEFAULT_PAGE,
  getPage,
  pageNodes,
  pageQuestions,
  pageAnswerKeys,
  allQuestions,
  documentQuestionKeys,
  questionPage,
  questionFor,
  errorLink,
  allNodes,
  tabGroups,
  addAnotherButtons,
  fileKeysOfTab,
} from './model';
export { allAnswerKeys, DATA_MODEL_FIELDS, DESC_FIELDS, BOOLEAN_FIELDS, descKey } from './data-model';
export { questionAnswerKeys, questionsIn, answerKeysIn, childrenOf, nodesIn, fileKeysIn, tabGroupsIn, addAnothersIn, type ChildrenOf } from './walk';
export { evaluate } from './conditionals';
export {
  visibleKeys,
  visibleKeysIn,
  visibleChildren,
  chosenTab,
  questionShown,
  answered,
  isVisible,
  addAnotherCount,
  addAnotherMax,
  triggerFired,
  dependentOptionsShown,
} from './visibility';
export { applyAnswer, applyAnswers, applyDependentClears, chooseTab } from './dependents';
export { validateApplication, validatePage, unknownAnswerKeys, pageSchemas, applicationSchema } from './validation/schema';
export { PHONE_PATTERN, RULES, REQUIRED_MESSAGES, type Rule, type RuleTable, type RuleAnswers } from './validation/rules';
export { MESSAGES, FILE_MESSAGES } from './validation/messages';
export { validateFile, fileExtension, FILE_MAX_BYTES, FILE_NAME_MAX_LENGTH, FILE_EXTENSIONS, FILE_ACCEPT, FILES_PER_QUESTION } from './files';
export { formatPhone, formatSsn, printCheckbox, storedBoolean, characterCount } from './format';
export { isValidIsoDate, storedDate, toIsoDate, birthDateBounds, mailingWindow } from './dates';
export * from './contract';
export {
  printApplication,
  printRows,
  printedValue,
  printedBlocks,
  printLabelOf,
  printHeaderLines,
  submittedAtInWords,
  dateInWords,
  formatFileSize,
  UNANSWERED_TEXT,
  NO_DOCUMENT_TEXT,
  type PrintInput,
  type PrintedDocument,
  type PrintedPage,
  type PrintedSection,
  type PrintedRow,
} from './print';
export { checkModel, ConfigurationError } from './checks';
export { checkFormConfiguration, checkSchemaKeys } from './configuration';
export { isTypedText, withoutUntypedCharacters } from './text';
export { TEXT_MAX_LENGTH, TEXTAREA_MAX_LENGTH, TEXTAREA_ROWS, ADD_ANOTHER_LIMIT } from './build';
export { checklist, checklistEntry, acceptedAfterSubmission, type ChecklistEntry, type ChecklistState, type ChecklistInput } from './checklist';
