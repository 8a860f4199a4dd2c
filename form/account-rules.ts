/**
 * The account cards' rules as plain checks, for the public account routes: the same messages per
 * field, in the same order, as the cards' yup schemas give (account.ts's validateAccountForm;
 * account-rules.test.ts holds the two together), without yup, which a route's bundle would
 * otherwise carry (about 37 KB minified) for a handful of string tests.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';
import { passwordRules } from './passwords';
import type { FieldErrors } from './types';

export const ACCOUNT_MESSAGES = {
  email: 'Your email address must be valid.',
  loginEmail: 'Please provide a valid email address.',
  passwordRequired: 'Password is required.',
  code: 'The confirmation code must be exactly 6 numbers.',
  passwordsMatch: 'passwords must match',
  resendEmail: 'You must provide a valid email address to resend a confirmation code.',
  resetId: 'The password reset code is missing. Please use the link in your e-mail.',
} as const;

export type AccountFormKind = 'login' | 'signup' | 'confirm' | 'forgot' | 'reset' | 'resend';

/** A field's messages for its value, given the form's other values. */
type FieldRule = (value: string, values: Readonly<Record<string, string>>) => string[];

const email =
  (message: string): FieldRule =>
  (v) =>
    v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v) ? [] : [message];
const required =
  (message: string): FieldRule =>
  (v) =>
    v !== '' ? [] : [message];
/** An empty password gets one message, a non-empty one a message per failed rule. */
const newPassword: FieldRule = (v) =>
  v === '' ? [ACCOUNT_MESSAGES.passwordRequired] : passwordRules.filter((rule) => !rule.test(v)).map((rule) => rule.message);
const code: FieldRule = (v) => (/^[0-9]{6}$/.test(v) ? [] : [ACCOUNT_MESSAGES.code]);

/** Each card's fields and their rules, in the schemas' order. */
const ACCOUNT_RULES: Record<AccountFormKind, Readonly<Record<string, FieldRule>>> = {
  login: { username: email(ACCOUNT_MESSAGES.loginEmail), password: required(ACCOUNT_MESSAGES.passwordRequired) },
  signup: { username: email(ACCOUNT_MESSAGES.email), password: newPassword },
  confirm: { username: email(ACCOUNT_MESSAGES.email), code },
  forgot: { username: email(ACCOUNT_MESSAGES.email) },
  reset: {
    username: email(ACCOUNT_MESSAGES.email),
    password: newPassword,
    confirm_password: (v, values) => (v === values.password ? [] : [ACCOUNT_MESSAGES.passwordsMatch]),
    // The id comes from the reset link; its format is the identity provider's business.
    id: (v) => (v.trim() !== '' ? [] : [ACCOUNT_MESSAGES.resetId]),
  },
  resend: { username: email(ACCOUNT_MESSAGES.resendEmail) },
};

/** The fields a card's form has (what the server reads from its body). */
export function accountFields(kind: AccountFormKind): string[] {
  return Object.keys(ACCOUNT_RULES[kind]);
}

/** All messages per failing field; fields without errors are absent (a value that is not a string counts as empty). */
export function checkAccountForm(kind: AccountFormKind, values: Readonly<Record<string, unknown>>): FieldErrors {
  const rules = ACCOUNT_RULES[kind];
  const input: Record<string, string> = {};
  for (const field of Object.keys(rules)) {
    const value = values[field];
    input[field] = typeof value === 'string' ? value : '';
  }
  const errors: FieldErrors = {};
  for (const field of reportOrder(Object.keys(rules))) {
    const messages = [...new Set(rule(field))];
    if (messages.length) errors[field] = messages;
  }
  return errors;

  function rule(field: string): string[] {
    return rules[field]!(input[field]!, input);
  }
}

/**
 * The order the schemas report failing fields in, which decides the message a route answers
 * (the first field's first): yup ranks a field by the first field whose name its own contains
 * (so `confirm_password` ranks with `password`), and fields of one rank come in reverse order
 * of declaration.
 */
function reportOrder(fields: readonly string[]): string[] {
  const rank = (field: string) => fields.findIndex((key) => field.includes(key));
  return [...fields].reverse().sort((a, b) => rank(a) - rank(b));
}
