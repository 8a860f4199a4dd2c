/**
 * The one door from the app to the shared form model (form/). Everything the renderer needs from
 * the model goes through here, so a rename in form/ is a one-line change.
 */
export { pages, getPage, pageNodes, errorLink, questionPage, allQuestions } from '../../../../form/model';
export { evaluate } from '../../../../form/conditionals';
export { questionAnswerKeys, descKey } from '../../../../form/walk';
export { yearList, optionLabel } from '../../../../form/options';
export type * from '../../../../form/types';
export { applyAnswer, chooseTab as chooseTabAnswers, applyDependentClears } from '../../../../form/dependents';
export { isValidIsoDate } from '../../../../form/dates';
