/**
 * Inputs and answers of the applicant's data rights: a copy of their data, closing their
 * account, and the office's erasure of a submitted application (docs/data-rights.md).
 */
import { CLOSE_ACCOUNT_TEXT, ERASE_REASON_MAX_LENGTH, ERASE_TEXT } from './data-rights-messages';
import { bodyInput, InputError, stringFields } from './input';

export { CLOSE_ACCOUNT_TEXT, ERASE_REASON_MAX_LENGTH, ERASE_TEXT };

export const closeAccountInput = bodyInput<{ password: string }>()((raw) => {
  const { password } = stringFields(raw, ['password'], 256);
  if (!password) throw new InputError(CLOSE_ACCOUNT_TEXT.passwordMissing, { password: [CLOSE_ACCOUNT_TEXT.passwordMissing] });
  return { password };
});

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
