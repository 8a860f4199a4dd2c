import { useEffect, useState } from 'react';
import { ValidationError, type ObjectSchema } from 'yup';
import { collectErrors } from '#form/collect-errors';
import { prefixedFieldId } from '#web/components/ErrorSummary';

export type Values = Record<string, string>;
export type Errors = Record<string, string[]>;

/** The console's ids: its forms' summaries and fields start with it (a page with two forms gives each its own prefix). */
export const STAFF_PREFIX = 'staff';

/** The id of the element around a field, which the summary's links lead to. */
export const fieldId = (field: string, prefix = STAFF_PREFIX) => prefixedFieldId(prefix, field);

export function validate(schema: ObjectSchema<Values>, values: Values): Errors {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return collectErrors(error);
    throw error;
  }
}

/**
 * A staff form's values and errors. Errors appear on submit (with the summary taking focus,
 * `attempt` counts the submits) and then follow the typing, so a corrected field loses its
 * message at once.
 */
export function useStaffForm(schema: ObjectSchema<Values>, initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const errors = submitted ? validate(schema, values) : {};
  const set = (field: string, value: string) => setValues((v) => ({ ...v, [field]: value }));
  /** Counts the attempt and says whether the values may go to the server. */
  const check = (): boolean => {
    setSubmitted(true);
    setAttempt((n) => n + 1);
    return Object.keys(validate(schema, values)).length === 0;
  };
  /** Back to a fresh form (e.g. a new step of the sign-in). */
  const reset = (next: Values) => {
    setValues(next);
    setSubmitted(false);
  };
  return { values, errors, attempt, set, check, reset, setAttempt };
}

/**
 * Tells the page whether this form shows errors (and that it shows none once it goes), for a
 * page with more than one form whose title says "Error: " while any of them does.
 */
export function useErrorsShown(shown: boolean, onErrorsShown: (shown: boolean) => void): void {
  useEffect(() => {
    onErrorsShown(shown);
    return () => onErrorsShown(false);
    // The callback is the page's setter: a new one each render must not repeat the report.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
}
