import type { FormRuntime } from './form-runtime';

/** A signed-in applicant's form runtime with nothing chosen, added or attached; tests override what they exercise. */
export function testRuntime(overrides: Partial<FormRuntime> = {}): FormRuntime {
  return {
    readOnly: false,
    loggedIn: true,
    errors: {},
    tabs: {},
    chooseTab: () => Promise.resolve('switched'),
    addAnother: {},
    addBlock: () => {},
    documents: {},
    validateField: () => [],
    ...overrides,
  };
}
