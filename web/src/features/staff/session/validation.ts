import { number, object, string, type ObjectSchema } from 'yup';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN, loginSchema, passwordRules } from '#form/account';
import type { Values } from '../shared/use-staff-form';

/** The staff forms' rules and messages (yup, like the applicant's account cards). */
export const STAFF_MESSAGES = {
  code: 'Enter the 6-digit code from your authenticator app.',
  confirmPassword: 'The two passwords must match.',
  answers: 'Fill in at least one answer to prepare.',
  days: 'Enter a whole number of days from 1 to 90.',
  recipientEmail: 'Enter the recipient’s e-mail address in the correct format, like name@example.com.',
} as const;

export const MAX_LINK_DAYS = 90;

export const credentialsSchema = loginSchema as ObjectSchema<Values>;

/** The account rules' password checks: one message when empty, one per failed rule otherwise. */
const newPassword = () =>
  passwordRules.reduce(
    (schema, rule) => schema.test(rule.id, rule.message, (v) => (v ?? '') === '' || rule.test(v ?? '')),
    string()
      .default('')
      .test('required', ACCOUNT_MESSAGES.passwordRequired, (v) => (v ?? '') !== ''),
  );

export const newPasswordSchema = object({
  new_password: newPassword(),
  confirm_password: string()
    .default('')
    .test('match', STAFF_MESSAGES.confirmPassword, function (v) {
      return (v ?? '') === (this.parent as Values).new_password;
    }),
}) as ObjectSchema<Values>;

export const codeSchema = object({
  code: string()
    .default('')
    .transform((v: string) => v.replace(/\s/g, ''))
    .matches(/^[0-9]{6}$/, STAFF_MESSAGES.code),
}) as ObjectSchema<Values>;

/** The answer fields the temporary-link form offers; at least one filled in. */
export const LINK_ANSWER_FIELDS = ['first_name', 'last_name', 'entry_term', 'applied_major'] as const;

export const temporaryLinkSchema = object({
  // The message sits on the first field, where the summary's link leads.
  first_name: string()
    .default('')
    .test('some', STAFF_MESSAGES.answers, function () {
      return LINK_ANSWER_FIELDS.some((k) => ((this.parent as Values)[k] ?? '').trim() !== '');
    }),
  last_name: string().default(''),
  entry_term: string().default(''),
  applied_major: string().default(''),
  recipient_name: string().default('').max(200, 'Enter at most 200 characters.'),
  recipient_email: string()
    .default('')
    .test('email', STAFF_MESSAGES.recipientEmail, (v) => (v ?? '').trim() === '' || EMAIL_PATTERN.test((v ?? '').trim())),
  expires_in_days: string()
    .default('')
    .test('days', STAFF_MESSAGES.days, (v) => {
      if (!/^[0-9]+$/.test((v ?? '').trim())) return false;
      return number().integer().min(1).max(MAX_LINK_DAYS).isValidSync(Number(v));
    }),
}) as ObjectSchema<Values>;
