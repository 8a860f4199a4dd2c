/**
 * The words of the data rights' inputs, apart from their parsers (./data-rights.ts): the pages
 * say the same before they send, and the browser's bundle carries the words, not the parsers.
 */
export const CLOSE_ACCOUNT_TEXT = {
  passwordMissing: 'Enter your current password to close your account.',
  passwordWrong: 'That password is not correct. Enter your current password to close your account.',
  closed: 'Your account and everything in it have been deleted. You have been signed out.',
} as const;

/** An erasure's reason goes into the audit trail: the office's words, not the applicant's data. */
export const ERASE_REASON_MAX_LENGTH = 500;
export const ERASE_TEXT = {
  reasonMissing: 'Say why this application is erased.',
  reasonTooLong: `Say why in at most ${ERASE_REASON_MAX_LENGTH} characters.`,
} as const;

/**
 * A hold's reason is shown on the application and kept in the access record: the office's short
 * sentence (a case number, "enrolled: keep the file"), not a letter.
 */
export const HOLD_REASON_MAX_LENGTH = 200;
export const HOLD_TEXT = {
  holdMissing: 'Say whether to place the hold (true) or lift it (false).',
  reasonMissing: 'Say why this application is held (a short sentence, e.g. a case number).',
  reasonTooLong: `Say why in at most ${HOLD_REASON_MAX_LENGTH} characters.`,
} as const;
