/**
 * Inputs and answers of the applicant's data rights: a copy of their data, closing their
 * account, and the office's erasure of a submitted application (docs/data-rights.md).
 */
import { bodyInput, InputError, stringFields } from './input';

/** What closing an account asks: the current password again (the identity provider checks it). */
export const CLOSE_ACCOUNT_TEXT = {
  passwordMissing: 'Enter your current password to close your account.',
  passwordWrong: 'That password is not correct. Enter your current password to close your account.',
  closed: 'Your account and everything in it have been deleted. You have been signed out.',
} as const;

export const closeAccountInput = bodyInput<{ password: string }>()((raw) => {
  const { password } = stringFields(raw, ['password'], 256);
  if (!password) throw new InputError(CLOSE_ACCOUNT_TEXT.passwordMissing, { password: [CLOSE_ACCOUNT_TEXT.passwordMissing] });
  return { password };
});

/** An erasure's reason goes into the audit trail: the office's words, not the applicant's data. */
export const ERASE_REASON_MAX_LENGTH = 500;
export const ERASE_TEXT = {
  reasonMissing: 'Say why this application is erased.',
  reasonTooLong: `Say why in at most ${ERASE_REASON_MAX_LENGTH} characters.`,
} as const;

export const eraseApplicationInput = bodyInput<{ reason: string }>()((raw) => {
  const { reason } = stringFields(raw, ['reason'], 4 * ERASE_REASON_MAX_LENGTH);
  const trimmed = reason.trim();
  if (!trimmed) throw new InputError(ERASE_TEXT.reasonMissing, { reason: [ERASE_TEXT.reasonMissing] });
  if (trimmed.length > ERASE_REASON_MAX_LENGTH) throw new InputError(ERASE_TEXT.reasonTooLong, { reason: [ERASE_TEXT.reasonTooLong] });
  return { reason: trimmed };
});

/** The office's erasure: what the audit and the event keep (the reference, never a name). */
export interface ApplicationErased {
  message: string;
  id: string;
  reference: string;
}
