/** E-mail as the use-cases need it: sending one, and the claim that keeps each mail to one send. */
import type { LanguageCode } from '#form/i18n/languages';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The link the mail asks the reader to open (the dev outbox lists it). */
  link?: string;
  /** Extra headers (a marketing message's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Readonly<Record<string, string>>;
  /** The language it is written in: it comes from the institution's sender name in that language (issue 41); none, the institution's. */
  language?: LanguageCode;
}

/** Sends a mail; returns the provider's message id. Adapters: SES, the local dev outbox. */
export type Mailer = (mail: OutgoingMail) => Promise<string>;

/** Which e-mails an applicant has been sent (adapters/store/mail-store.ts). */
export interface MailClaims {
  /** True when this caller may send: never sent, and nobody else holds a live claim. */
  claimMail(sub: string, kind: string, claimId: string, now: Date, leaseMs: number): Promise<boolean>;
  markMailSent(sub: string, kind: string, claimId: string, at: Date, messageId: string): Promise<void>;
  /** The send failed: the next attempt may claim at once. */
  releaseMail(sub: string, kind: string, claimId: string): Promise<void>;
}
