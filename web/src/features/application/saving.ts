/**
 * The feature's second public module: saving the applicant's answers, without the form model.
 * Signing in (answers typed before the account existed), logging out (what was typed since the
 * last save) and the app shell (a save that meets a conflict) need the save path, and the sign-in
 * chunk must stay small: index.ts brings the form pages and the whole form model with it.
 */
export { saveChangedAnswers, saveCarriedAnswers, useSaveConflicts, type SaveOptions } from './api/answers-api';

/** The conflict dialog names questions from the form model: its own chunk, loaded when needed. */
export const loadSaveConflictDialog = () => import('./components/SaveConflictDialog');
