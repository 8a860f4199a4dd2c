/**
 * Suppression and one-click unsubscribe (issue 40, item 5). An address on the suppression list is
 * skipped by the mailing sender: bounced and complained addresses for every mailing (the mail
 * service would hold the institution's sender responsible), unsubscribed ones for marketing
 * mailings only (what the applicant must get about their own application still reaches them).
 *
 * The unsubscribe link's token (`?t=`) is the only credential of /unsubscribe: 256 random bits,
 * stored hashed, tied to one address (adapters/store/suppression-store.ts).
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../email';
import { InputError, queryInput, type QueryParams } from './input';

export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'complained'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export interface SuppressionEntry {
  email: string;
  reason: SuppressionReason;
  /** When the address was suppressed (or its reason last grew stronger). */
  at: string;
  /** The mailing whose link unsubscribed it, or the mail service's words for a bounce. */
  detail?: string;
}

export interface SuppressionList {
  suppressions: SuppressionEntry[];
}

/** GET /unsubscribe: whose link this is (the address half hidden), and whether it is unsubscribed already. */
export interface UnsubscribeView {
  message: string;
  email: string;
  unsubscribed: boolean;
}

export const UNSUBSCRIBE_PATH = '/unsubscribe';
/** The token: 32 random bytes in base64url (43 characters). */
export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const UNSUBSCRIBE_MESSAGES = {
  token: 'This unsubscribe link is not complete: open the link from the e-mail again, or copy all of it into the address bar.',
} as const;

/** `?t=TOKEN`: its shape only; whether it is known is the use-case's to say (404 in words). */
export const unsubscribeInput = queryInput<{ t: string }>()((q: QueryParams): { t: string } => {
  if (typeof q.t !== 'string' || !UNSUBSCRIBE_TOKEN.test(q.t)) throw new InputError(UNSUBSCRIBE_MESSAGES.token, { t: [UNSUBSCRIBE_MESSAGES.token] });
  return { t: q.t };
});

/** The address of DELETE /staff/api/suppressions/{email}, checked (API Gateway may hand it over still encoded). */
export function parseSuppressedAddress(raw: string | undefined): string {
  let value = raw ?? '';
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // Left as it is: the check below refuses it.
    }
  }
  const email = value.trim().toLowerCase();
  if (!email || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    throw new InputError('The address ends with the suppressed e-mail address, like /staff/api/suppressions/name@example.com.');
  return email;
}
