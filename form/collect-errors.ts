import type { ValidationError } from 'yup';
import type { FieldErrors } from './types';

/** yup's aggregated error -> messages per field path, in order, without duplicates. */
export function collectErrors(error: ValidationError): FieldErrors {
  const errors: FieldErrors = {};
  const leaves = error.inner.length > 0 ? error.inner : [error];
  for (const leaf of leaves) {
    const path = leaf.path ?? '';
    const list = (errors[path] ??= []);
    for (const message of leaf.errors) {
      if (!list.includes(message)) list.push(message);
    }
  }
  return errors;
}
