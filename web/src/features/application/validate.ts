import type { Answers, FieldErrors, FormContext } from './model';
import { validateApplication } from './model';

/** The model's validator: the browser shows exactly what the submit handler will refuse. */
export function validateAll(answers: Answers, ctx: FormContext): FieldErrors {
  return validateApplication(answers, ctx);
}

export function validateKey(key: string, answers: Answers, ctx: FormContext): string[] {
  return validateAll(answers, ctx)[key] ?? [];
}
