import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ObjectSchema } from 'yup';
import { summaryItems } from '#web/components/ErrorSummary';
import { ApiError } from '#web/lib/api-client';
import { isStaffSessionLost } from '../api/staff-api';
import { useStaffForm, type Errors, type Values } from './use-staff-form';

/**
 * What the server said of a refused submit: its messages per field, and one message for the
 * summary (its own, then those about fields the form does not show). A lost session says nothing
 * here: the page goes to the sign-in instead. `place` renames the keys the server uses for
 * fields the form names otherwise.
 */
export function serverRefusal(
  error: Error | null,
  fields: readonly string[],
  place: (errors: Errors) => Errors = (errors) => errors,
): { errors: Errors; message: string | null } {
  if (!error || isStaffSessionLost(error)) return { errors: {}, message: null };
  const errors = place(error instanceof ApiError ? (error.errors ?? {}) : {});
  const unplaced = Object.entries(errors)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, messages]) => messages);
  return { errors, message: [error.message, ...unplaced].join(' ') };
}

interface SubmitOptions {
  /** The fields in the order the summary lists them. */
  fields: readonly string[];
  /** Where a lost session goes (the sign-in, with the way back). */
  onSessionLost: () => void;
  place?: (errors: Errors) => Errors;
}

/**
 * A staff form that sends its values with one mutation: the values and the messages (the
 * schema's, then the server's), the summary's items, and the submit. A refusal counts as an
 * attempt, so the summary takes focus again; editing a field takes the server's now outdated
 * messages away.
 */
export function useStaffSubmit<TData, TVariables>(
  schema: ObjectSchema<Values>,
  initial: Values,
  mutation: UseMutationResult<TData, Error, TVariables>,
  { fields, onSessionLost, place }: SubmitOptions,
) {
  const form = useStaffForm(schema, initial);
  const refusal = serverRefusal(mutation.error, fields, place);
  const errors: Errors = { ...refusal.errors, ...form.errors };
  const edit = (name: string, value: string) => {
    form.set(name, value);
    if (mutation.error) mutation.reset();
  };
  /** The form's onSubmit: once the values pass (and nothing is on its way), `proceed` has them. */
  const onSubmit = (proceed: (values: Values) => void) => (e: React.FormEvent) => {
    e.preventDefault();
    if (mutation.isPending || !form.check()) return;
    proceed(form.values);
  };
  /** Sends the body; a lost session leaves for the sign-in, any other refusal shows in the form. */
  const send = (body: TVariables, onSuccess: (data: TData) => void) => {
    mutation.mutate(body, {
      onSuccess,
      onError: (error) => (isStaffSessionLost(error) ? onSessionLost() : form.setAttempt((n) => n + 1)),
    });
  };
  return {
    values: form.values,
    attempt: form.attempt,
    reset: form.reset,
    errors,
    items: summaryItems(errors, fields, refusal.message),
    hasErrors: Object.keys(form.errors).length > 0 || refusal.message !== null,
    edit,
    onSubmit,
    send,
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
