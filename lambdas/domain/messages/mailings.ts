/**
 * The office's mailings (issue 40, item 1): an admin or a decider writes one (a draft: its words
 * and its recipients' filter), previews it for three real recipients, sends a test to themselves,
 * then sends it now or at a time. Each route is recorded in the access record before it reads or
 * changes anything.
 *
 * Pre-send checks, each a 400 in words that changes nothing: the words are checked again as the
 * draft's were (an empty subject, an unknown placeholder), the filter must find someone, and
 * above CONFIRM_ABOVE recipients the sender types their count. At most `dailyCap` mailings start
 * per day (the configuration's `mail.mailingsPerDay`): a 429 in words after that.
 *
 * A mailing never states a decision: its placeholders carry none (form/mail-words.ts, MAILING),
 * its subject takes only the office's own values, and its recipients cannot be the applications
 * whose decision is recorded but not released (form/wire/messages.ts): docs/decisions.md.
 */
import { randomBytes } from 'node:crypto';
import { mailingFindings } from '#form/office-words';
import {
  CONFIRM_ABOVE,
  DELIVERY_STATES,
  type MailingDetail,
  type MailingDraft,
  type MailingList,
  type MailingPreview,
  type MailingSaved,
  type MailingSent,
  type MailingSummary,
  type SendRequest,
} from '#form/wire/messages';
import { Conflict, Invalid, NotFound, TooManyRequests } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { Mailer } from '../ports/mail';
import {
  MAILINGS_RATE_KEY,
  MAILINGS_RATE_SCOPE,
  type LedgerRow,
  type MailingCapAlarm,
  type MailingStore,
  type SendLedger,
  type StartMailing,
  type StoredMailing,
} from '../ports/messages';
import type { RateLimiter } from '../ports/recommendations';
import { composeFor, type ComposePorts } from './compose';
import { resolveRecipients, type RecipientPorts } from './recipients';
import { shownState } from './sending';

export interface MailingPorts extends RecipientPorts, ComposePorts {
  mailings: MailingStore;
  ledger: Pick<SendLedger, 'listRows'>;
  audit: StaffAudit;
  now(): Date;
}

export interface SendMailingPorts extends MailingPorts {
  limiter: RateLimiter;
  /** The operators' alarm when the cap turns a mailing away. */
  alarm: MailingCapAlarm;
  /** Mailings that may start in one day (the configuration's `mail.mailingsPerDay`). */
  dailyCap: number;
  start: StartMailing;
}

export interface TestMailingPorts extends MailingPorts {
  sendMail: Mailer;
}

/** A time this close to now is now. */
const NOW_WITHIN_MS = 60_000;
const DAY_SECONDS = 86_400;
/** Failures a mailing's page lists. */
const FAILURES_SHOWN = 100;

export const MAILING_TEXT = {
  notFound: 'There is no mailing with this id.',
  notDraft: (state: string) => `This mailing is ${state === 'sending' ? 'being sent' : state} already: it cannot be sent again. Write a new mailing instead.`,
  noRecipients: 'The recipients’ filter finds no application, so there is no one to send this mailing to. Change the filter.',
  confirm: (n: number) => `This mailing goes to ${n} recipients: type ${n} in the confirmation to send it.`,
  confirmWrong: (n: number, typed: number) => `The confirmation says ${typed}, but this mailing goes to ${n} recipients: type ${n} to send it.`,
  past: 'The time to send at is in the past: choose a later time, or send now.',
  cap: (cap: number, retryAt: string) => `The office has started ${cap} mailings today, the most a day allows. Send this one after ${retryAt}.`,
  sent: (n: number) => `The mailing is being sent to ${n} recipient${n === 1 ? '' : 's'}.`,
  scheduled: (n: number, at: string) => `The mailing is scheduled for ${at}; it goes to the ${n} recipient${n === 1 ? '' : 's'} the filter then finds.`,
  saved: 'The mailing is saved as a draft.',
  tested: (to: string) => `A test was sent to ${to}, filled in for one of its recipients (or a sample when it has none).`,
} as const;

/** Its creation time in base 36 (so ids sort by time) and a random part: MAILING_ID. */
export function newMailingId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

function progressOf(rows: readonly LedgerRow[]) {
  const progress = Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0])) as MailingSummary['progress'];
  // A row being sent counts as queued: it is not sent until it is.
  for (const row of rows) progress[row.state === 'sending' ? 'queued' : row.state] += 1;
  return progress;
}

export function summaryOf(m: StoredMailing, rows: readonly LedgerRow[]): MailingSummary {
  return {
    id: m.id,
    subject: m.subject,
    body: m.body,
    kind: m.kind,
    recipients: m.recipients,
    state: shownState(m, rows),
    created_by: m.created_by,
    created_at: m.created_at,
    ...(m.send_at ? { send_at: m.send_at } : {}),
    ...(m.sent_by ? { sent_by: m.sent_by } : {}),
    ...(m.recipient_count !== undefined ? { recipient_count: m.recipient_count } : {}),
    ...(m.finished_at ? { finished_at: m.finished_at } : {}),
    progress: progressOf(rows),
  };
}

/** What the access record keeps of a mailing: its subject (the office's words) and its filter. */
function auditDetail(m: Pick<StoredMailing, 'subject' | 'recipients'>): Record<string, string> {
  const filters = Object.fromEntries(Object.entries(m.recipients.filters).filter(([, v]) => typeof v === 'string' && v !== '')) as Record<string, string>;
  return { subject: m.subject, source: m.recipients.source, ...filters };
}

async function readOrThrow(ports: Pick<MailingPorts, 'mailings'>, id: string): Promise<StoredMailing> {
  const m = await ports.mailings.readMailing(id);
  if (!m) throw new NotFound(MAILING_TEXT.notFound);
  return m;
}

/** POST /staff/api/mailings: a draft, and how many its filter finds now. */
export async function createMailing(ports: MailingPorts, draft: MailingDraft, staff: string): Promise<MailingSaved> {
  await ports.audit({ action: 'mailing', detail: auditDetail(draft) });
  const now = ports.now();
  const recipients = await resolveRecipients(ports, draft.recipients, now);
  const mailing: StoredMailing = { id: newMailingId(now), ...draft, state: 'draft', created_by: staff, created_at: now.toISOString() };
  await ports.mailings.createMailing(mailing);
  return { message: MAILING_TEXT.saved, mailing: summaryOf(mailing, []), recipient_count: recipients.length };
}

/** GET /staff/api/mailings: every mailing, newest first, with its progress. */
export async function listMailings(ports: MailingPorts): Promise<MailingList> {
  await ports.audit({ action: 'mailings' });
  const mailings = await ports.mailings.listMailings();
  const summaries = await Promise.all(mailings.map(async (m) => summaryOf(m, m.state === 'draft' ? [] : await ports.ledger.listRows(m.id))));
  return { mailings: summaries };
}

/** GET /staff/api/mailings/{id}: its progress and its failures, each with why. */
export async function readMailing(ports: MailingPorts, id: string): Promise<MailingDetail> {
  await ports.audit({ action: 'mailing.read', detail: { mailing: id } });
  const m = await readOrThrow(ports, id);
  const rows = m.state === 'draft' ? [] : await ports.ledger.listRows(id);
  const failures = rows
    .filter((r) => r.state === 'failed')
    .slice(0, FAILURES_SHOWN)
    .map((r) => ({ application: r.application, email: r.email, reason: r.reason ?? 'No reason was given.' }));
  return { ...summaryOf(m, rows), failures };
}

/** POST /staff/api/mailings/{id}/preview: the message as three real recipients would read it, and how many the filter finds now. */
export async function previewMailing(ports: MailingPorts, id: string): Promise<MailingPreview> {
  const m = await readOrThrow(ports, id);
  await ports.audit({ action: 'mailing.preview', detail: auditDetail(m) });
  const now = ports.now();
  const recipients = await resolveRecipients(ports, m.recipients, now);
  const samples = await Promise.all(recipients.slice(0, 3).map((r) => composeFor(ports, m, r, now)));
  return { recipient_count: recipients.length, samples };
}

/** POST /staff/api/mailings/{id}/test: the message, filled for its first recipient (or a sample), to the signed-in staff member only. */
export async function testMailing(ports: TestMailingPorts, id: string, staff: string): Promise<{ message: string }> {
  const m = await readOrThrow(ports, id);
  await ports.audit({ action: 'mailing.test', detail: auditDetail(m) });
  const now = ports.now();
  const [first] = await resolveRecipients(ports, m.recipients, now);
  const sample = first ?? { application: '', email: staff, values: { first_name: 'Ada', missing_items: 'nothing' } };
  const message = await composeFor(ports, m, sample, now);
  await ports.sendMail({ to: staff, subject: `[Test] ${message.subject}`, text: message.text });
  return { message: MAILING_TEXT.tested(staff) };
}

/** POST /staff/api/mailings/{id}/send: the pre-send checks, then now (the starter job) or at a time (its tick). */
export async function sendMailing(ports: SendMailingPorts, id: string, request: SendRequest, staff: string): Promise<MailingSent> {
  const m = await readOrThrow(ports, id);
  const now = ports.now();
  const later = request.at !== undefined && Date.parse(request.at) > now.getTime() + NOW_WITHIN_MS;
  if (request.at !== undefined && Date.parse(request.at) < now.getTime() - NOW_WITHIN_MS) throw new Invalid(MAILING_TEXT.past, { at: [MAILING_TEXT.past] });
  if (m.state !== 'draft') throw new Conflict(MAILING_TEXT.notDraft(m.state));
  const findings = mailingFindings(m);
  if (findings.length > 0) throw new Invalid(findings.join(' '));
  const count = (await resolveRecipients(ports, m.recipients, now)).length;
  if (count === 0) throw new Invalid(MAILING_TEXT.noRecipients, { recipients: [MAILING_TEXT.noRecipients] });
  if (count > CONFIRM_ABOVE && request.confirm !== count) {
    const message = request.confirm === undefined ? MAILING_TEXT.confirm(count) : MAILING_TEXT.confirmWrong(count, request.confirm);
    throw new Invalid(message, { confirm: [message] });
  }
  await ports.audit({ action: 'mailing.send', detail: { ...auditDetail(m), count: String(count), at: later ? request.at! : 'now' } });
  const cap = await ports.limiter.hit(MAILINGS_RATE_SCOPE, MAILINGS_RATE_KEY, DAY_SECONDS, ports.dailyCap, now);
  if (!cap.allowed) {
    ports.alarm.capReached();
    throw new TooManyRequests(MAILING_TEXT.cap(ports.dailyCap, cap.retryAt));
  }
  const change: Partial<StoredMailing> = later
    ? { state: 'scheduled', send_at: request.at!, sent_by: staff, recipient_count: count }
    : { state: 'sending', send_at: now.toISOString(), sent_by: staff };
  if (!(await ports.mailings.updateMailing(id, 'draft', change))) throw new Conflict(MAILING_TEXT.notDraft('sent'));
  if (!later) await ports.start(id);
  const after = { ...m, ...change };
  return { message: later ? MAILING_TEXT.scheduled(count, request.at!) : MAILING_TEXT.sent(count), mailing: summaryOf(after, []) };
}
