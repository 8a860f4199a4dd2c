/**
 * Inputs and answers of the applicant's data rights: a copy of their data, closing their
 * account, and the office's erasure of a submitted application (docs/data-rights.md).
 */
import { CLOSE_ACCOUNT_TEXT, ERASE_REASON_MAX_LENGTH, ERASE_TEXT, HOLD_REASON_MAX_LENGTH, HOLD_TEXT } from './data-rights-messages';
import { bodyInput, InputError, rejectUnknownFields, requireObject, stringFields } from './input';

export { CLOSE_ACCOUNT_TEXT, ERASE_REASON_MAX_LENGTH, ERASE_TEXT, HOLD_REASON_MAX_LENGTH, HOLD_TEXT };

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

/** Place a hold (with its reason) or lift it. */
export type HoldRequest = { hold: true; reason: string } | { hold: false };

/**
 * `{hold, reason}`: `hold` a boolean; placing needs the reason, lifting ignores it (still
 * length-checked, so a body is never unbounded).
 */
export const holdApplicationInput = bodyInput<{ hold: boolean; reason?: string }>()((raw): HoldRequest => {
  const body = requireObject(raw ?? {});
  rejectUnknownFields(body, ['hold', 'reason']);
  if (typeof body.hold !== 'boolean') throw new InputError(HOLD_TEXT.holdMissing, { hold: [HOLD_TEXT.holdMissing] });
  const { reason } = stringFields({ reason: body.reason }, ['reason'], 4 * HOLD_REASON_MAX_LENGTH);
  const trimmed = reason.trim();
  if (trimmed.length > HOLD_REASON_MAX_LENGTH) throw new InputError(HOLD_TEXT.reasonTooLong, { reason: [HOLD_TEXT.reasonTooLong] });
  if (!body.hold) return { hold: false };
  if (!trimmed) throw new InputError(HOLD_TEXT.reasonMissing, { reason: [HOLD_TEXT.reasonMissing] });
  return { hold: true, reason: trimmed };
});

/** A legal or enrolment hold an admin placed on a submitted application: retention keeps it and the office's erasure waits while it lasts. */
export interface OfficeHold {
  reason: string;
  /** The admin's e-mail address. */
  by: string;
  /** ISO time it was placed. */
  at: string;
}

/** The answer to placing or lifting a hold: what happened in words, and the hold now (null once lifted). */
export interface HoldChanged {
  message: string;
  hold: OfficeHold | null;
}
