import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ValidationError, type ObjectSchema } from 'yup';
import { collectErrors } from '#form/collect-errors';
import { prefixedFieldId, summaryItems, type SummaryItem } from '#web/components/ErrorSummary';
import { ApiError } from '#web/lib/api-client';
import { isStaffSessionLost } from '../api/staff-api';
import { useSessionLost } from '../session/use-session-lost';

export type Values = Record<string, string>;
type Errors = Record<string, string[]>;

/** The console's ids: its forms' summaries and fields start with it (a page with two forms gives each its own prefix). */
const STAFF_PREFIX = 'staff';

function validate(schema: ObjectSchema<Values>, values: Values): Errors {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return collectErrors(error);
    throw error;
  }
}

/**
 * What the server said of a refused submit: its messages per field, and one message for the
 * summary (its own, then those about fields the form does not show). A lost session says nothing
 * here when the form leaves for the sign-in instead.
 */
function serverRefusal(
  error: Error | null,
  fields: readonly string[],
  place: (errors: Errors) => Errors,
  sessionLostLeaves: boolean,
): { errors: Errors; message: string | null } {
  if (!error || (sessionLostLeaves && isStaffSessionLost(error))) return { errors: {}, message: null };
  const errors = place(error instanceof ApiError ? (error.errors ?? {}) : {});
  const unplaced = Object.entries(errors)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, messages]) => messages);
  return { errors, message: [error.message, ...unplaced].join(' ') };
}

interface StaffFormOptions<TData, TVariables> {
  /** The fields in the order the summary lists them. */
  fields: readonly string[];
  /** The capability's mutation the values go to (see `send`); its refusal shows in the form. */
  mutation?: UseMutationResult<TData, Error, TVariables>;
  /** Renames the keys the server uses for fields the form names otherwise. */
  place?: (errors: Errors) => Errors;
  /** The sign-in: a 401 is its answer (a wrong password or code), not a lost session. */
  signIn?: boolean;
  /** Starts the ids of the summary and the fields (a page with two forms gives each its own). */
  prefix?: string;
  /** For a page with more than one form, whose title says "Error: " while any of them shows errors. */
  onErrorsShown?: (shown: boolean) => void;
}

/**
 * Every staff form's state: its values and messages (the schema's, then the server's), the
 * summary, and the submit. Errors appear on submit (the summary taking focus, `attempt` counts
 * the submits and the refusals) and then follow the typing, so a corrected field loses its
 * message at once, and editing a field takes the server's now outdated messages away. A lost
 * session goes to the sign-in, and back here afterwards.
 */
export function useStaffForm<TData = unknown, TVariables = void>(
  schema: ObjectSchema<Values>,
  initial: Values,
  { fields, mutation, place = (errors) => errors, signIn = false, prefix = STAFF_PREFIX, onErrorsShown }: StaffFormOptions<TData, TVariables>,
) {
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Messages the page gives itself (`refuse`), e.g. a button that needs a selection first.
  const [refused, setRefused] = useState<Errors>({});
  const sessionLost = useSessionLost();
  const refusal = serverRefusal(mutation?.error ?? null, fields, place, !signIn);
  const errors: Errors = { ...refusal.errors, ...refused, ...(submitted ? validate(schema, values) : {}) };
  const items: SummaryItem[] = summaryItems(errors, fields, refusal.message);
  const shown = items.length > 0;

  useEffect(() => {
    if (!onErrorsShown) return;
    onErrorsShown(shown);
    return () => onErrorsShown(false);
    // The callback is the page's setter: a new one each render must not repeat the report.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  const edit = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setRefused(({ [field]: _, ...rest }) => rest);
    if (mutation?.error) mutation.reset();
  };
  /** The form's onSubmit: once the values pass (and nothing is on its way), `proceed` has them. */
  const onSubmit = (proceed: (values: Values) => void) => (e?: FormEvent) => {
    e?.preventDefault();
    if (mutation?.isPending) return;
    setSubmitted(true);
    setRefused({});
    setAttempt((n) => n + 1);
    if (Object.keys(validate(schema, values)).length === 0) proceed(values);
  };
  /** Sends the body; a lost session leaves for the sign-in, any other refusal shows in the form. */
  const send = (body: TVariables, onSuccess: (data: TData) => void) => {
    if (!mutation) throw new Error('useStaffForm: send needs the form’s mutation.');
    mutation.mutate(body, {
      onSuccess,
      onError: (error) => (!signIn && isStaffSessionLost(error) ? sessionLost() : setAttempt((n) => n + 1)),
    });
  };
  /** Shows messages the page found itself instead of the schema's, as a submit would. */
  const refuse = (messages: Errors) => {
    setSubmitted(false);
    setRefused(messages);
    setAttempt((n) => n + 1);
  };
  /** Back to a fresh form (e.g. a new step of the sign-in, or after a link was issued). */
  const reset = (next: Values) => {
    setValues(next);
    setSubmitted(false);
    setRefused({});
  };
  return {
    values,
    errors,
    items,
    hasErrors: shown,
    /** The ErrorSummary's props. */
    summary: { items, attempt, prefix },
    /** The id of the element around a field, which the summary's links lead to. */
    fieldId: (field: string) => prefixedFieldId(prefix, field),
    edit,
    onSubmit,
    send,
    refuse,
    reset,
  };
}

/** A ref for the message a submit's outcome shows: it takes focus whenever `outcome` changes to something. */
export function useFocusOnOutcome<T extends HTMLElement>(outcome: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  return ref;
}
