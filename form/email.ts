/** What counts as an e-mail address, for the account cards' schemas and the servers' own checks. */

/** A simple e-mail pattern: no spaces or control characters, at most 64 before the @ (RFC 5321). */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]{1,64}@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
/** The longest address mail systems deliver to (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
