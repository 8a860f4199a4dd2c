/**
 * Offers that expire (issue 37, item 4): the daily sweep declines every released admit or
 * waitlist offer nobody answered by the end of its reply-by day on the institution's clock (the
 * round's day: releases/reply-by.ts). The lifecycle table's `expire` row says what it writes.
 *
 * The decision record is the one place a reply lives, and every write of it is conditional on the
 * version read, so an applicant's reply arriving at the same moment either wins (the sweep finds
 * the reply and leaves it) or loses (the applicant is told the reply crossed, and reads the expiry
 * on reload): never both. That write is the expiry: the reply `decline` with `expired`, and the
 * mark `expiring` until the steps after it are done: the history entry, the audit record, the
 * e-mail that an update is waiting (never the decision), the event `Offer Expired`, the answered
 * letter's print. Each step is skipped once done (the audit record is keyed by the expiry itself), so a sweep that stops midway is finished by the
 * next (the mark keeps the list's copy `office_reply` empty, so the index still offers it).
 *
 * Candidates come from the submissions index (its copies of the office status, the decision and
 * the reply), so a sweep reads the index once and the decision record of each offer due. Its
 * result is counts only.
 */
import { dayStartIn, nextDay } from '#form/calendar';
import { REPLY_OPTIONS } from '#form/wire/decision-words';
import { eventCommon } from '../events/common';
import { currentStatus, noteOfficeChange } from '../lifecycle/history';
import { historyLine, transition } from '../lifecycle/table';
import { sendOnce } from '../mail-once';
import type { AuditRecord } from '../ports/audit';
import type { DecisionRecord, DecisionStore } from '../ports/decisions';
import type { MailClaims, Mailer } from '../ports/mail';
import type { OfficeStatusStore } from '../ports/office-status';
import type { PublishSubmissionEvent, SubmittedApplication } from '../ports/submissions';
import { replyDeadline } from '../releases/letter';
import { offerExpiredMail } from '../releases/mails';
import { offerReplyBy, type ReplyBySettings } from '../releases/reply-by';

export interface ExpiryPorts {
  /** Released applications whose decision (the list's copy) offers a reply and that have none, from the submissions index. */
  listOpenOffers(): AsyncIterable<SubmittedApplication>;
  decisions: DecisionStore;
  office: OfficeStatusStore;
  readSubmitted(id: string): Promise<SubmittedApplication | undefined>;
  mail: MailClaims & { sendMail: Mailer };
  publish: PublishSubmissionEvent;
  /**
   * Appends a record to the application's access record in the name of `system`, keyed by `now`
   * and `once`: a record already under that key is left as it is (the store's put is conditional
   * on a new key), so an append repeated by a sweep that resumes writes nothing.
   */
  audit(record: Pick<AuditRecord, 'action' | 'application' | 'detail'>, now: Date, once: string): Promise<unknown>;
  /** Asks for the answered letter's print (never throws; the download asks again if it is missing). */
  requestLetter(id: string): Promise<void>;
  /** The site's origin, for the status page's link in the e-mail. */
  origin: string;
  settings: ReplyBySettings & { timeZone: string };
}

export interface ExpiryOptions {
  /** Counts the offers that would expire, and writes, mails and publishes nothing. */
  dryRun?: boolean;
  /** Asked before each offer: true stops the run (a Lambda near its timeout); the rest are counted as deferred. */
  timeIsUp?: () => boolean;
  /** Told of each offer that failed, by its application id (for the log; never in the result). */
  onFailure?: (id: string, error: unknown) => void;
}

export interface ExpiryResult {
  dryRun: boolean;
  /** Offers declined by this sweep (or, in a dry run, that would be), and those an earlier sweep began and this one finished. */
  expired: number;
  /** Offers due whose applicant's reply came first (at the same moment as the sweep, or the list's copy was behind). */
  answered: number;
  /** Offers whose expiry failed: the next sweep tries them again. */
  failed: number;
  /** Offers left for the next sweep because this one ran out of time. */
  deferred: number;
}

/** The table's row: its history line, audit action, event and e-mail. */
const EXPIRE = transition('expire');
/** Longer than one send takes; a sweep that died holding the mail's claim is taken over after it. */
const EXPIRY_MAIL_CLAIM_MS = 60_000;

/** The last moment of `day` (YYYY-MM-DD) on the institution's clock: what `--as-of` sweeps as of. */
export function endOfDayIn(day: string, timeZone: string): Date {
  return new Date(dayStartIn(nextDay(day), timeZone).getTime() - 1);
}

/** The offer's last day, when its reply-by day has ended by `now`; undefined while it may still be answered (or has no day). */
export function dueReplyBy(settings: ExpiryPorts['settings'], app: SubmittedApplication, now: Date): string | undefined {
  const replyBy = offerReplyBy(settings, app.answers, app.placement);
  return replyBy && now.getTime() >= replyDeadline(replyBy, settings.timeZone).getTime() ? replyBy : undefined;
}

const offersReply = (record: DecisionRecord | undefined): record is DecisionRecord & { released: NonNullable<DecisionRecord['released']> } =>
  !!record?.released && REPLY_OPTIONS[record.released.decision].length > 0;

/** Where an offer due stands when the sweep reads its record. */
type Reading = { state: 'open' | 'unfinished'; record: DecisionRecord } | { state: 'answered' | 'gone' };

function read(record: DecisionRecord | undefined): Reading {
  if (!offersReply(record)) return { state: 'gone' };
  if (!record.reply) return { state: 'open', record };
  if (record.reply.expired && record.expiring) return { state: 'unfinished', record };
  return { state: 'answered' };
}

/** The expiry's one decisive write: the reply declined and marked expired, on the version read. Retried when another write came between. */
async function decline(ports: ExpiryPorts, id: string, now: Date): Promise<Reading> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const reading = read(await ports.decisions.readDecision(id));
    if (reading.state !== 'open') return reading;
    const { record } = reading;
    const next: DecisionRecord = { ...record, reply: { choice: 'decline', at: now.toISOString(), expired: true }, expiring: true, version: record.version + 1 };
    if (await ports.decisions.writeDecision(id, next, record.version)) return { state: 'unfinished', record: next };
  }
  throw new Error(`The decision record of ${id} kept changing while its offer was being expired; the next sweep tries again.`);
}

/** The steps after the decisive write, each skipped once done; the mark is cleared last. */
async function finish(ports: ExpiryPorts, app: SubmittedApplication, record: DecisionRecord, replyBy: string): Promise<void> {
  const { released, reply } = record;
  if (!released || !reply) return;
  const at = new Date(reply.at);
  const { office } = ports;
  const history = await office.readHistory(app.id);
  // The entry carries the expiry's own time, so a sweep finishing it finds it there.
  const noted = history.some((c) => c.from === 'released' && c.to === 'released' && c.at === reply.at);
  if (!noted && currentStatus(history).status === EXPIRE.to) {
    const statusPorts = {
      readHistory: office.readHistory.bind(office),
      appendHistory: office.appendHistory.bind(office),
      markStatus: office.markStatus.bind(office),
      readSubmitted: (id: string) => ports.readSubmitted(id),
    };
    // Recorded before the entry, under the expiry's own time and the offer's release: a sweep
    // stopped between the two records it again under the same key, which writes nothing.
    const record = { action: EXPIRE.audit.action, application: app.id, detail: { decision: released.decision, reply_by: replyBy } };
    await ports.audit(record, at, `${EXPIRE.audit.action}#${released.release_id}`);
    await noteOfficeChange(statusPorts, { id: app.id, to: EXPIRE.to, staff: 'system', what: historyLine(EXPIRE) }, at);
  }
  if (app.email) {
    const firstName = typeof app.answers.first_name === 'string' ? app.answers.first_name : '';
    await sendOnce(
      ports.mail,
      { sub: app.id, kind: `${EXPIRE.mail.kind}#${released.release_id}` },
      offerExpiredMail(app.email, firstName, ports.origin, app.language),
      at,
      EXPIRY_MAIL_CLAIM_MS,
    );
  }
  // At least once: a sweep that stops before the mark is cleared publishes it again.
  await ports.publish({
    type: EXPIRE.event,
    detail: {
      ...eventCommon(app.id, app.placement),
      id: app.id,
      reference: app.reference,
      decision: released.decision,
      reply: 'decline',
      reply_by: replyBy,
      expired_at: reply.at,
    },
  });
  await ports.requestLetter(app.id);
  await unmark(ports, app.id);
}

async function unmark(ports: ExpiryPorts, id: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await ports.decisions.readDecision(id);
    if (!record?.expiring) return;
    const { expiring: _done, ...rest } = record;
    if (await ports.decisions.writeDecision(id, { ...rest, version: record.version + 1 }, record.version)) return;
  }
  throw new Error(`The decision record of ${id} kept changing while its expiry was being finished; the next sweep tries again.`);
}

/** One sweep as of `now`: every open offer whose reply-by day has ended is declined (or, in a dry run, counted). */
export async function expireOffers(ports: ExpiryPorts, now: Date = new Date(), options: ExpiryOptions = {}): Promise<ExpiryResult> {
  const dryRun = options.dryRun === true;
  const result: ExpiryResult = { dryRun, expired: 0, answered: 0, failed: 0, deferred: 0 };
  for await (const app of ports.listOpenOffers()) {
    const replyBy = dueReplyBy(ports.settings, app, now);
    if (!replyBy) continue;
    if (options.timeIsUp?.()) {
      result.deferred += 1;
      continue;
    }
    // One failure (a mail refused) must not stop the others; the next sweep finishes it.
    try {
      const reading = dryRun ? read(await ports.decisions.readDecision(app.id)) : await decline(ports, app.id, now);
      if (reading.state === 'answered') result.answered += 1;
      if (reading.state === 'open' || reading.state === 'unfinished') {
        if (!dryRun) await finish(ports, app, reading.record, replyBy);
        result.expired += 1;
      }
    } catch (error) {
      result.failed += 1;
      options.onFailure?.(app.id, error);
    }
  }
  return result;
}
