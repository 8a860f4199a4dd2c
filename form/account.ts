/**
 * Account rules shared by the auth cards and the public handlers.
 * Each kind has a yup schema; validateAccountForm turns its failures into messages per field.
 */
import { object, string, ValidationError, type ObjectSchema } from 'yup';
import { ACCOUNT_MESSAGES, type AccountFormKind } from './account-rules';
import { collectErrors } from './collect-errors';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';
import { passwordRules } from './passwords';
import type { FieldErrors } from './types';

// The messages and the plain checks the servers run live in account-rules.ts (no yup).
export { ACCOUNT_MESSAGES, type AccountFormKind };

// The address rules live in email.ts, so a server route can check an address without the schemas (yup).
export { EMAIL_MAX_LENGTH, EMAIL_PATTERN };

// The password rules live in passwords.ts, so a server route can name them without the schemas (yup).
export * from './passwords';

const email = (message: string) =>
  string()
    .default('')
    .test('email', message, (v) => (v ?? '').length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v ?? ''));

/** An empty password gets one message, a non-empty one a message per failed rule. */
const newPassword = () => {
  let schema = string()
    .default('')
    .test('required', ACCOUNT_MESSAGES.passwordRequired, (v) => (v ?? '') !== '');
  for (const rule of passwordRules) {
    schema = schema.test(rule.id, rule.message, (v) => (v ?? '') === '' || rule.test(v ?? ''));
  }
  return schema;
};

const code = () =>
  string()
    .default('')
    .test('code', ACCOUNT_MESSAGES.code, (v) => /^[0-9]{6}$/.test(v ?? ''));

export const loginSchema = object({
  username: email(ACCOUNT_MESSAGES.loginEmail),
  password: string()
    .default('')
    .test('required', ACCOUNT_MESSAGES.passwordRequired, (v) => (v ?? '') !== ''),
});

export const signupSchema = object({
  username: email(ACCOUNT_MESSAGES.email),
  password: newPassword(),
});

export const confirmSchema = object({
  username: email(ACCOUNT_MESSAGES.email),
  code: code(),
});

export const forgotSchema = object({
  username: email(ACCOUNT_MESSAGES.email),
});

export const resendSchema = object({
  username: email(ACCOUNT_MESSAGES.resendEmail),
});

export const resetSchema = object({
  username: email(ACCOUNT_MESSAGES.email),
  password: newPassword(),
  confirm_password: string()
    .default('')
    .test('match', ACCOUNT_MESSAGES.passwordsMatch, function (v) {
      return (v ?? '') === (this.parent as { password?: string }).password;
    }),
  // The id comes from the reset link; its format is the identity provider's business.
  id: string()
    .default('')
    .test('required', ACCOUNT_MESSAGES.resetId, (v) => (v ?? '').trim() !== ''),
});

export const accountSchemas: Record<AccountFormKind, ObjectSchema<Record<string, string>>> = {
  login: loginSchema,
  signup: signupSchema,
  confirm: confirmSchema,
  forgot: forgotSchema,
  reset: resetSchema,
  resend: resendSchema,
};

/**
 * All messages per failing field, deduplicated; fields without errors are absent.
 * `onlyFields` limits the report (e.g. to the fields the user has touched).
 */
export function validateAccountForm(kind: AccountFormKind, values: Readonly<Record<string, unknown>>, onlyFields?: readonly string[]): FieldErrors {
  const schema = accountSchemas[kind];
  const input: Record<string, string> = {};
  for (const field of Object.keys(schema.fields)) {
    const value = values[field];
    input[field] = typeof value === 'string' ? value : '';
  }
  let errors: FieldErrors = {};
  try {
    schema.validateSync(input, { abortEarly: false, strict: true });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    errors = collectErrors(err);
  }
  if (!onlyFields) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => onlyFields.includes(field)));
}
