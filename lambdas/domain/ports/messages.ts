/**
 * Messages to applicants (issue 40) as the use-cases need them: the office's mailings, each
 * mailing's send ledger (one row per recipient, written once: what makes a mailing at most once
 * per recipient), the messages each application received (its Messages section), the queue the
 * sender drains, and the job that resolves a mailing's recipients. Adapters:
 * adapters/store/messages-store.ts, adapters/mailing-queue.ts; locally the stack's stand-ins.
 */
import type { LanguageCode } from '#form/i18n/languages';
import type { MailValues } from '#form/mail-words';
import type { ApplicantMessage, DeliveryState, MailingState, MailingSummary } from '#form/wire/messages';

/** A mailing as stored: what the office reads of it (form/wire/messages.ts) but its progress, counted from the ledger when read. */
export interface StoredMailing extends Omit<MailingSummary, 'progress'> {
  /** Set once every recipient is in the ledger: a resumed send then only drains the queue. */
  resolved_at?: string;
}

/** What the mailing knows of a recipient when sending starts: the placeholders' values that are theirs. */
export interface Recipient {
  application: string;
  email: string;
  values: MailValues;
  /** The applicant's language (issue 41), for what the product words around the values (a reminder); absent: the institution's. */
  language?: LanguageCode;
}

export interface LedgerRow extends Recipient {
  mailing: string;
  state: DeliveryState | 'sending';
  /** When the row was queued, or last changed. */
  at: string;
  attempts: number;
  reason?: string;
  message_id?: string;
}

/** How a delivery ended: sent (the provider's id), failed or suppressed (why). */
export type DeliveryOutcome = { state: 'sent'; messageId: string } | { state: 'failed' | 'suppressed'; reason: string };

export interface MailingStore {
  createMailing(mailing: StoredMailing): Promise<void>;
  readMailing(id: string): Promise<StoredMailing | undefined>;
  /** Every mailing, newest first. */
  listMailings(): Promise<StoredMailing[]>;
  /** Writes `change` only while the mailing is in state `from`: false when it is not (another request moved it). */
  updateMailing(id: string, from: MailingState, change: Partial<StoredMailing>): Promise<boolean>;
}

export interface SendLedger {
  /** Puts the recipient's row, queued, unless the mailing has one for this application: true when put. */
  queueRecipient(row: LedgerRow): Promise<boolean>;
  readRow(mailing: string, application: string): Promise<LedgerRow | undefined>;
  /** Every row of a mailing (its progress, its failures, what a resumed send still has to send). */
  listRows(mailing: string): Promise<LedgerRow[]>;
  /** queued → sending, only from queued: false when another delivery took it or it is done. */
  claimRow(mailing: string, application: string, at: Date): Promise<boolean>;
  /** sending → the outcome. */
  finishRow(mailing: string, application: string, outcome: DeliveryOutcome, at: Date): Promise<void>;
  /** sending → queued again, with the attempt counted: the provider refused before anything was sent. */
  requeueRow(mailing: string, application: string, reason: string, at: Date): Promise<void>;
}

export interface ApplicantMessages {
  /** Keeps a message the application received (idempotent: one per mailing). */
  putMessage(application: string, message: ApplicantMessage & { mailing: string }): Promise<void>;
  /** Newest first. */
  listMessages(application: string): Promise<ApplicantMessage[]>;
  /** Whether the application keeps this mailing's message (it was sent). */
  hasMessage(application: string, mailing: string): Promise<boolean>;
}

/**
 * The queue the mailing sender drains (SQS in AWS, the stack's queue locally): a mailing's start
 * (the job that resolves its recipients and queues them), and one message per recipient.
 */
export interface MailingQueue {
  start(mailing: string): Promise<void>;
  enqueue(mailing: string, applications: readonly string[]): Promise<void>;
}

/** Starts the job that resolves a mailing's recipients and queues them. */
export type StartMailing = MailingQueue['start'];

/** The office's daily count of mailings sent (a fixed-window counter, adapters/store/rate-limits.ts). */
export const MAILINGS_RATE_SCOPE = 'mailings';
export const MAILINGS_RATE_KEY = 'office';

/** The log line's marker CDK turns into the metric of the office's daily cap of mailings and its alarm. */
export const MAILINGS_CAP_METRIC = 'MailingsDailyCapReached';

/** Tells the operators that the daily cap turned a mailing away (adapters/mailing-cap-alarm.ts). */
export interface MailingCapAlarm {
  capReached(): void;
}
