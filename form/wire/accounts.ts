/**
 * Inputs of the public account routes: each card's fields, checked with the rules the card itself
 * uses (as plain checks: account-rules.ts gives the schemas' messages without yup).
 */
import { accountFields, checkAccountForm, type AccountFormKind } from '../account-rules';
import { bodyInput, InputError, stringFields } from './input';

function parseAccountBody(kind: AccountFormKind, raw: unknown): Record<string, string> {
  const values = stringFields(raw, accountFields(kind));
  const errors = checkAccountForm(kind, values);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new InputError(first, errors);
  // Usernames are e-mail addresses: one account per address whatever its case.
  if (values.username !== undefined) values.username = values.username.trim().toLowerCase();
  return values;
}

const account =
  <Body>() =>
  (kind: AccountFormKind) =>
    bodyInput<Body>()((raw) => parseAccountBody(kind, raw));

export interface Credentials {
  username: string;
  password: string;
}

export const signUpInput = account<Credentials>()('signup');
export const logInInput = account<Credentials>()('login');
export const confirmSignUpInput = account<{ username: string; code: string }>()('confirm');
export const resendConfirmationInput = account<{ username: string }>()('resend');
export const forgotPasswordInput = account<{ username: string }>()('forgot');
export const resetPasswordInput = account<{ username: string; password: string; confirm_password: string; id: string }>()('reset');
