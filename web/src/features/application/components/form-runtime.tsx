import { createContext, useContext } from 'react';
import { answersStore } from '#web/lib/answers';
import type { Answers, FieldErrors } from '../model';
import { applyAnswers, withoutUntypedCharacters } from '../model';

export interface DocumentInfo {
  file_key?: string;
  file_name?: string;
  file_size?: number;
  /** The conversion status (COMPLETED once the file is usable); absent in older data. */
  status?: string;
}

export type TabSwitch = 'switched' | 'blocked' | 'failed';

/** What the renderer needs besides the answers: who is looking, which errors show, visible state. */
export interface FormRuntime {
  readOnly: boolean;
  loggedIn: boolean;
  /** Field errors: present only while the application is validating. */
  errors: FieldErrors;
  tabs: Readonly<Record<string, string>>;
  /** Saves a tab choice (clearing the chosen tab's answers); 'blocked' while the leaving tab's file converts. */
  chooseTab: (groupId: string, tabId: string) => Promise<TabSwitch>;
  addAnother: Readonly<Record<string, number>>;
  addBlock: (buttonId: string, label: string, next: number) => void;
  documents: Readonly<Record<string, DocumentInfo>>;
  /** The rules' messages for one key given these answers (dates validate on change). */
  validateField: (key: string, answers: Answers) => string[];
}

export const FormRuntimeContext = createContext<FormRuntime>({
  readOnly: false,
  loggedIn: false,
  errors: {},
  tabs: {},
  chooseTab: () => Promise.resolve('failed'),
  addAnother: {},
  addBlock: () => {},
  documents: {},
  validateField: () => [],
});

export const useFormRuntime = () => useContext(FormRuntimeContext);

/**
 * Every edit goes through the model's change rules, so dependent answers clear consistently, and
 * loses characters no one types (a paste carrying control characters) that the server refuses.
 */
export function setAnswers(patch: Answers): void {
  const typed = Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, withoutUntypedCharacters(v)]));
  answersStore.set((prev) => applyAnswers(prev, typed));
}
