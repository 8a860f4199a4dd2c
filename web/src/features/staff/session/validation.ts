import { object, string, type ObjectSchema } from 'yup';
import { ACCOUNT_MESSAGES, loginSchema, passwordRules } from '#form/account';
import type { Values } from '../shared/use-staff-form';

/** The sign-in's rules and messages (yup, like the applicant's account cards). */
const SIGN_IN_MESSAGES = {
  code: 'Enter the 6-digit code from your authenticator app.',
  confirmPassword: 'The two passwords must match.',
} as const;

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
    .test('match', SIGN_IN_MESSAGES.confirmPassword, function (v) {
      return (v ?? '') === (this.parent as Values).new_password;
    }),
}) as ObjectSchema<Values>;

export const codeSchema = object({
  code: string()
    .default('')
    .transform((v: string) => v.replace(/\s/g, ''))
    .matches(/^[0-9]{6}$/, SIGN_IN_MESSAGES.code),
}) as ObjectSchema<Values>;
