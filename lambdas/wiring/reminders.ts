/**
 * The daily reminders (domain/messages/reminders.ts): the sweep reads the list of applications in
 * progress, the submissions index (materials, open offers) and an application's record, writes
 * each occasion's send ledger (the mailings' table and rows) and queues the deliveries on the
 * mailings' queue, whose sender (events/send-mailings.ts) sends each once in the office's current
 * words of the reminder (Settings) and keeps the applicant's copy for their Messages.
 */
import { sqsMailingQueue } from '#adapters/mailing-queue';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { appendAudit } from '#adapters/store/audit-store';
import { inProgressIndex } from '#adapters/store/in-progress-index';
import { applicantMessages, sendLedger } from '#adapters/store/messages-store';
import { noteOccasion } from '#adapters/store/reminders-store';
import { readLanguage } from '#adapters/store/status-store';
import { openOffers, querySubmissions } from '#adapters/store/submissions-index';
import type { ReminderDeliveryPorts, ReminderSweepPorts } from '#domain/messages/reminders';
import type { MailingQueue } from '#domain/ports/messages';
import { offerReplyBy } from '#domain/releases/reply-by';
import { institution } from '#form/institution';
import { timetable } from '#form/institution-cycles';
import { mailSender, mailWordsIn, reminderDays } from '#form/institution-mail';
import { config } from '#lambdas/config';
import { decisionSettings } from './applicant-decision';
import { SWEEP_ACTOR } from './cycles';
import { sendMail } from './mail';
import { freshOfficeWords, officeWordsNow } from './office-words';
import { standIn } from './stand-ins';

const mailingQueue = (): MailingQueue => standIn('mailingQueue') ?? sqsMailingQueue;

/** The sweep's, with each reminder's days as the office last set them in Settings (read now, not from the cache), else the file's. */
export async function reminderSweepPorts(): Promise<ReminderSweepPorts> {
  await officeWordsNow();
  const { replyBy, replyByOverride, cycles, timeZone } = decisionSettings();
  const settings = { ...(replyBy ? { replyBy } : {}), ...(replyByOverride ? { replyByOverride } : {}), ...(cycles ? { cycles } : {}), timeZone };
  return {
    ...inProgressIndex,
    querySubmissions: (filters, limit, start) => querySubmissions(filters, limit, start),
    readApplicantRecord,
    timetable,
    days: reminderDays(),
    listOpenOffers: openOffers,
    replyBy: (app) => offerReplyBy(settings, app.answers, app.placement),
    languageOf: readLanguage,
    ledger: sendLedger,
    messages: applicantMessages,
    queue: mailingQueue(),
    noteOccasion,
    audit: (detail, now) => appendAudit({ ...SWEEP_ACTOR, action: 'reminders.sweep', detail }, now),
  };
}

/**
 * The sender's, for a reminder's delivery: the office's words of it read fresh (Settings). The
 * suppression list is the sender's to give (wiring/messages.ts), so the sweep's function, which
 * imports this module, does not reach the suppression store.
 */
export async function reminderDeliveryPorts(suppressions: ReminderDeliveryPorts['suppressions']): Promise<ReminderDeliveryPorts> {
  await freshOfficeWords();
  return {
    readApplicantRecord,
    ledger: sendLedger,
    messages: applicantMessages,
    sendMail,
    suppressions,
    words: mailWordsIn,
    institution: { name: institution.name, helpEmail: institution.helpEmail, signature: mailSender.signature },
    origin: config().publicOrigin,
    now: () => new Date(),
  };
}
