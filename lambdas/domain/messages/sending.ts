/**
 * Sending a mailing, once to each recipient and none lost (issue 40, item 2).
 *
 * Starting (`runMailing`, the starter job): the recipients are resolved, each written to the send
 * ledger as `queued` by a conditional put (a row the mailing already has stays as it is), then the
 * mailing is marked resolved with its count, and every row still `queued` goes on the queue. A
 * starter stopped half-way runs again from the top: the puts it made are skipped, and a row put
 * but never queued is queued now, so there is no gap. Once resolved, a rerun only queues the rows
 * still queued: the recipients are those found when sending started.
 *
 * Delivering (`deliverOne`, one queue message): the row moves from queued to `sending` by a
 * conditional update, so of two deliveries of the same message (a queue's retry, the starter
 * queueing it again) only one sends. Then the mail, the applicant's copy of the message, and the
 * row's end: sent, failed (with why) or suppressed (the address is on the suppression list for a
 * mailing of its kind, messages/suppression.ts: nothing is sent, and the row says why). A
 * marketing message carries its one-click unsubscribe (a token for the address, the RFC 8058
 * headers, the link in its last lines; the applicant's copy keeps the message without them). A provider that refuses before sending
 * leaves the row queued again (counted) and the queue retries it; after MAX_ATTEMPTS it fails.
 * A row left `sending` by a sender killed between its claim and its end is never sent again: the
 * next run finds it after SENDING_LEASE_MS and ends it as sent when the applicant's copy was kept
 * (the mail had left), else as failed, saying so, since at most once is the promise.
 */
import { COMPLETION_PATH } from '#form/contract';
import { languageOr } from '#form/i18n/server-words';
import type { MailingState } from '#form/wire/messages';
import { Conflict, NotFound } from '../errors';
import type { Mailer, OutgoingMail } from '../ports/mail';
import type { ApplicantMessages, LedgerRow, MailingQueue, MailingStore, SendLedger, StoredMailing } from '../ports/messages';
import type { Suppressions, UnsubscribeTokens } from '../ports/suppression';
import { composeFor, type ComposePorts } from './compose';
import { resolveRecipients, type RecipientLanguages, type RecipientPorts } from './recipients';
import { SUPPRESSION_TEXT, suppresses, unsubscribeFooter, unsubscribeHeaders, unsubscribeUrl, UNSUBSCRIBE_LINK_SECONDS } from './suppression';

export interface SendingPorts extends RecipientPorts, RecipientLanguages, ComposePorts {
  mailings: MailingStore;
  ledger: SendLedger;
  messages: Pick<ApplicantMessages, 'hasMessage'>;
  queue: MailingQueue;
  now(): Date;
}

export interface DeliveryPorts extends ComposePorts {
  mailings: Pick<MailingStore, 'readMailing'>;
  ledger: SendLedger;
  messages: Pick<ApplicantMessages, 'putMessage'>;
  sendMail: Mailer;
  suppressions: Pick<Suppressions, 'readSuppression'>;
  tokens: Pick<UnsubscribeTokens, 'issueUnsubscribeToken'>;
  now(): Date;
}

/** Attempts of one recipient's send the provider refused before it fails for good. */
export const MAX_ATTEMPTS = 3;
/** Longer than one send takes: a row still `sending` after this was interrupted. */
export const SENDING_LEASE_MS = 5 * 60_000;
/** Deliveries queued in one call. */
const QUEUE_BATCH = 10;

export const INTERRUPTED =
  'The sender stopped while sending this message, so whether it arrived is unknown: it is not sent again, so that no one gets it twice.';

async function queueRows(ports: SendingPorts, mailing: string, rows: readonly LedgerRow[]): Promise<number> {
  const ids = rows.map((r) => r.application);
  for (let i = 0; i < ids.length; i += QUEUE_BATCH) await ports.queue.enqueue(mailing, ids.slice(i, i + QUEUE_BATCH));
  return ids.length;
}

/**
 * Rows a killed sender left `sending`, never sent again: sent when the applicant's copy was kept
 * (it is kept after the mail left), failed in words otherwise (whether it left is unknown).
 */
export async function endInterrupted(ports: Pick<SendingPorts, 'ledger' | 'messages'>, rows: readonly LedgerRow[], now: Date): Promise<void> {
  for (const row of rows) {
    if (row.state !== 'sending' || now.getTime() - Date.parse(row.at) <= SENDING_LEASE_MS) continue;
    const kept = await ports.messages.hasMessage(row.application, row.mailing);
    await ports.ledger.finishRow(row.mailing, row.application, kept ? { state: 'sent', messageId: 'unknown' } : { state: 'failed', reason: INTERRUPTED }, now);
  }
}

export interface RunOutcome {
  mailing: string;
  recipients: number;
  queued: number;
}

/**
 * The starter: resolves (unless done) and queues what is left; resuming (the tick), only what was
 * queued longer ago than SENDING_LEASE_MS (the rest is still on the queue, or being sent). Only a mailing being sent runs; a
 * scheduled one whose time has come is moved to sending first (once: a conditional update).
 */
export async function runMailing(ports: SendingPorts, id: string, options: { resume?: boolean } = {}): Promise<RunOutcome> {
  const now = ports.now();
  let mailing = await ports.mailings.readMailing(id);
  if (!mailing) throw new NotFound('There is no mailing with this id.');
  if (mailing.state === 'scheduled' && mailing.send_at !== undefined && Date.parse(mailing.send_at) <= now.getTime()) {
    await ports.mailings.updateMailing(id, 'scheduled', { state: 'sending' });
    mailing = { ...mailing, state: 'sending' };
  }
  if (mailing.state !== 'sending') throw new Conflict(`This mailing is ${mailing.state}, not being sent.`);
  if (!mailing.resolved_at) {
    // Each in its language: an application in progress its account's (recipients.ts).
    const recipients = await resolveRecipients(ports, mailing.recipients, now, ports);
    for (const r of recipients) await ports.ledger.queueRecipient({ ...r, mailing: id, state: 'queued', at: now.toISOString(), attempts: 0 });
    await ports.mailings.updateMailing(id, 'sending', { resolved_at: now.toISOString(), recipient_count: recipients.length });
  }
  const rows = await ports.ledger.listRows(id);
  await endInterrupted(ports, rows, now);
  // A resumed send (the tick) queues again only rows queued long ago: the others are still on the queue.
  const stale = (r: LedgerRow) => !options.resume || now.getTime() - Date.parse(r.at) > SENDING_LEASE_MS;
  const queued = await queueRows(
    ports,
    id,
    rows.filter((r) => r.state === 'queued' && stale(r)),
  );
  // Nothing was left to queue: read again (endInterrupted may have ended rows) and mark it sent when none is left.
  if (!rows.some((r) => r.state === 'queued')) await finishMailing(ports, id);
  return { mailing: id, recipients: rows.length, queued };
}

/** The time of a finished ledger's last change: when its last delivery ended. */
const lastEnd = (rows: readonly LedgerRow[], now: Date): string =>
  rows.reduce((latest, r) => (r.at > latest ? r.at : latest), rows[0]?.at ?? now.toISOString());

/**
 * A mailing being sent whose ledger has no row left queued or being sent becomes `sent`, with the
 * time its last delivery ended (a conditional update: of two finishers, one writes). Run by the
 * tick (runMailing) and by the sender once its queue is empty; true when the mailing is sent now.
 */
export async function finishMailing(ports: Pick<SendingPorts, 'mailings' | 'ledger' | 'now'>, id: string): Promise<boolean> {
  const mailing = await ports.mailings.readMailing(id);
  if (!mailing || mailing.state !== 'sending' || !mailing.resolved_at) return mailing?.state === 'sent';
  const rows = await ports.ledger.listRows(id);
  if (rows.some((r) => r.state === 'queued' || r.state === 'sending')) return false;
  return ports.mailings.updateMailing(id, 'sending', { state: 'sent', finished_at: lastEnd(rows, ports.now()) });
}

/** The mailings whose time has come or whose send stopped: what the starter's tick runs (every few minutes, and locally at start-up). */
export async function dueMailings(ports: Pick<SendingPorts, 'mailings' | 'now'>): Promise<string[]> {
  const now = ports.now().getTime();
  return (await ports.mailings.listMailings())
    .filter((m) => (m.state === 'scheduled' && m.send_at !== undefined && Date.parse(m.send_at) <= now) || m.state === 'sending')
    .map((m) => m.id);
}

export type Delivered = 'sent' | 'done' | 'gone' | 'failed' | 'suppressed';

/**
 * One recipient's delivery. Throws when the provider refused and the attempt may be retried (the
 * queue retries, then its dead-letter queue keeps it); `done` when another delivery had it.
 */
export async function deliverOne(ports: DeliveryPorts, mailingId: string, application: string): Promise<Delivered> {
  const now = ports.now();
  const row = await ports.ledger.readRow(mailingId, application);
  // Erased since it was queued, or never this mailing's.
  if (!row) return 'gone';
  if (row.state !== 'queued') return 'done';
  const mailing = await ports.mailings.readMailing(mailingId);
  if (!mailing) return 'gone';
  if (!(await ports.ledger.claimRow(mailingId, application, now))) return 'done';
  const entry = await ports.suppressions.readSuppression(row.email);
  if (entry && suppresses(entry.reason, mailing.kind)) {
    await ports.ledger.finishRow(mailingId, application, { state: 'suppressed', reason: SUPPRESSION_TEXT.skipped(entry.reason) }, now);
    return 'suppressed';
  }
  let message;
  let mail: OutgoingMail;
  try {
    message = await composeFor(ports, mailing, row, now);
    // From the institution's name in the recipient's language, as the message is framed (compose.ts).
    mail = {
      to: message.to,
      subject: message.subject,
      text: message.text,
      link: new URL(COMPLETION_PATH, ports.origin).href,
      language: languageOr(row.language),
    };
    if (mailing.kind === 'marketing') {
      // A token per message: issued again on a retry, the earlier one harmless (it names the same address).
      const language = languageOr(row.language);
      const url = unsubscribeUrl(
        ports.origin,
        await ports.tokens.issueUnsubscribeToken({ email: row.email, mailing: mailingId }, UNSUBSCRIBE_LINK_SECONDS, now),
        language,
      );
      mail = { ...mail, text: `${message.text}\n\n${unsubscribeFooter(url, language)}`, headers: unsubscribeHeaders(url) };
    }
  } catch (error) {
    await ports.ledger.requeueRow(mailingId, application, `The message could not be written: ${String(error)}`, now);
    throw error;
  }
  let messageId: string;
  try {
    messageId = await ports.sendMail(mail);
  } catch (error) {
    const reason = `The mail service refused it: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
    if (row.attempts + 1 >= MAX_ATTEMPTS) {
      await ports.ledger.finishRow(mailingId, application, { state: 'failed', reason }, now);
      return 'failed';
    }
    await ports.ledger.requeueRow(mailingId, application, reason, now);
    throw error;
  }
  const sentAt = ports.now().toISOString();
  await ports.messages.putMessage(application, { id: mailingId, mailing: mailingId, subject: message.subject, text: message.text, sent_at: sentAt });
  await ports.ledger.finishRow(mailingId, application, { state: 'sent', messageId }, ports.now());
  return 'sent';
}

/** A mailing's state as the office reads it: being sent until no row is left to send (shown as sent before finishMailing marks it). */
export function shownState(mailing: StoredMailing, rows: readonly LedgerRow[]): MailingState {
  if (mailing.state !== 'sending' || !mailing.resolved_at) return mailing.state;
  return rows.some((r) => r.state === 'queued' || r.state === 'sending') ? 'sending' : 'sent';
}
