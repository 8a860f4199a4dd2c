/**
 * The suppression list and the unsubscribe links' tokens as the use-cases need them
 * (domain/messages/suppression.ts). Adapter: adapters/store/suppression-store.ts (status table).
 */
import type { SuppressionEntry } from '#form/wire/suppression';

export interface Suppressions {
  /** The address's entry (addresses compare without case), or undefined. */
  readSuppression(email: string): Promise<SuppressionEntry | undefined>;
  /** Puts the entry, replacing the address's (the use-case decides whether it should). */
  putSuppression(entry: SuppressionEntry): Promise<void>;
  /** Every entry, newest first. */
  listSuppressions(): Promise<SuppressionEntry[]>;
  /** Takes the address off the list (an admin's correction): false when it was not on it. */
  deleteSuppression(email: string): Promise<boolean>;
}

/** What an unsubscribe token stands for. */
export interface UnsubscribeGrant {
  email: string;
  /** The mailing whose message carried the link. */
  mailing: string;
}

export interface UnsubscribeTokens {
  /** Stores a new token's hash with its grant, kept `ttlSeconds`; answers the token (never stored). */
  issueUnsubscribeToken(grant: UnsubscribeGrant, ttlSeconds: number, now: Date): Promise<string>;
  /** The grant of a token, or undefined when unknown or expired. */
  resolveUnsubscribeToken(token: string, now: Date): Promise<UnsubscribeGrant | undefined>;
}

/** Rate-limit scopes of /unsubscribe (adapters/store/rate-limits.ts): a token's uses, and a client's unknown tokens. */
export const UNSUBSCRIBE_USES_SCOPE = 'unsubscribe';
export const UNSUBSCRIBE_MISSES_SCOPE = 'unsubscribe-miss';

/** The log line's marker CDK turns into the metric of suppressions by bounce or complaint (lib/mail-feedback.ts). */
export const MAIL_FEEDBACK_METRIC = 'MailFeedbackSuppressed';
