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

/** Merge b into a (mutating a), keeping order and removing duplicates. */
export function mergeErrors(a: FieldErrors, b: FieldErrors): FieldErrors {
  for (const [key, messages] of Object.entries(b)) {
    const list = (a[key] ??= []);
    for (const m of messages) if (!list.includes(m)) list.push(m);
  }
  return a;
}
