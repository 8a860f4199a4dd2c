/**
 * The mailing sender (domain/messages/sending.ts). SQS invokes it with the queue's messages
 * (lib/messages.ts: a few at a time, at most a few at once, so the mail goes at the configured
 * rate): a mailing's start (`{mailing}`: its recipients resolved and queued) or one recipient's
 * delivery (`{mailing, application}`), or a reminder's (`{mailing: <occasion>, application}`). A message that fails is reported alone
 * (`batchItemFailures`), so SQS retries only it, then keeps it in the dead-letter queue.
 * EventBridge also runs it every few minutes with no records (the tick): a scheduled mailing
 * whose time has come starts, and one whose sending stopped resumes where it stopped. Locally
 * the stack's queue runs the same functions (local/mailing-queue.ts).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { log, withLogContext } from '#adapters/log';
import { deliverReminder, REMINDER_OCCASION } from '#domain/messages/reminders';
import { deliverOne, dueMailings, finishMailing, runMailing } from '#domain/messages/sending';
import { MAILING_ID } from '#form/wire/messages';
import { senderPorts } from '#wiring/messages';
import { reminderDeliveryPorts } from '#wiring/reminders';

const APPLICATION = /^[A-Za-z0-9-]{1,128}$/;

/** One queue message: a start, or a delivery; anything else is refused (and dead-lettered). */
export async function runMailingJob(job: unknown): Promise<void> {
  const { mailing, application } = (job ?? {}) as { mailing?: unknown; application?: unknown };
  // A reminder's delivery names its occasion (domain/messages/reminders.ts), whose ledger is a mailing's.
  if (typeof mailing === 'string' && REMINDER_OCCASION.test(mailing) && typeof application === 'string' && APPLICATION.test(application)) {
    if ((await deliverReminder(await reminderDeliveryPorts(senderPorts().suppressions), mailing, application)) === 'failed')
      log.warn('reminder delivery failed for good', { mailing, application });
    return;
  }
  if (typeof mailing !== 'string' || !MAILING_ID.test(mailing)) throw new Error('a mailing job names its mailing');
  if (application === undefined) {
    const outcome = await runMailing(senderPorts(), mailing);
    log.info('mailing started', { ...outcome });
    return;
  }
  if (typeof application !== 'string' || !APPLICATION.test(application)) throw new Error('a delivery names its application');
  const delivered = await deliverOne(senderPorts(), mailing, application);
  if (delivered === 'failed') log.warn('mailing delivery failed for good', { mailing, application });
}

/**
 * Marks each mailing whose ledger has nothing left to send as sent: what a sender whose queue is
 * empty does (the local queue when it drains; in AWS the tick does it, within five minutes).
 */
export async function finishMailings(ids: Iterable<string>): Promise<void> {
  for (const id of ids) if (MAILING_ID.test(id) && (await finishMailing(senderPorts(), id))) log.info('mailing sent', { mailing: id });
}

/**
 * The tick: every mailing due or stopped, started or resumed. `lostQueue`: the queue lost what it
 * held (the local stack's, after a restart), so every row still queued is queued again; SQS loses
 * nothing, so in AWS only rows queued long ago are (a message queued twice is harmless: the ledger sends once).
 */
export async function runMailingTick(lostQueue = false): Promise<string[]> {
  const ids = await dueMailings(senderPorts());
  for (const id of ids) await runMailing(senderPorts(), id, { resume: !lostQueue });
  return ids;
}

export async function sendMailings(event: Partial<SQSEvent> | undefined): Promise<SQSBatchResponse | { resumed: number }> {
  if (!event?.Records) return { resumed: (await runMailingTick()).length };
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await runMailingJob(JSON.parse(record.body));
    } catch (error) {
      log.error('mailing job failed', { id: record.messageId, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}

export const handler = withLogContext('sendMailings', sendMailings);
