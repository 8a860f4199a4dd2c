/**
 * The daily reminders' sweep (domain/messages/reminders.ts): queues each reminder due (a round's
 * deadline near, materials still missing, an offer's reply-by date near) once per applicant and
 * occasion; the mailings' sender delivers them. In AWS an EventBridge Scheduler schedule invokes
 * it once a day, early in the morning on the institution's clock (lib/messages.ts); an operator
 * may invoke it with `{"as_of": "YYYY-MM-DD"}`: as of the last moment of that day on the
 * institution's clock. Locally the stack runs it daily and on `npm run messages -- sweep`. Its
 * answer and its log are counts only.
 */
import { log, withLogContext } from '#adapters/log';
import { endOfDayIn } from '#domain/cycles/expiry';
import { sweepReminders, type ReminderSweepResult } from '#domain/messages/reminders';
import { timetable } from '#form/institution-cycles';
import { reminderSweepPorts } from '#wiring/reminders';

export interface ReminderSweepEvent {
  as_of?: unknown;
  time?: unknown;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function runReminderSweep(event: ReminderSweepEvent | undefined): Promise<ReminderSweepResult> {
  if (event?.as_of !== undefined && (typeof event.as_of !== 'string' || !DAY.test(event.as_of)))
    throw new Error('reminders sweep: as_of is a date like 2027-05-02');
  const now =
    typeof event?.as_of === 'string'
      ? endOfDayIn(event.as_of, timetable.timeZone)
      : typeof event?.time === 'string' && !Number.isNaN(Date.parse(event.time))
        ? new Date(event.time)
        : new Date();
  const result = await sweepReminders(await reminderSweepPorts(), now);
  log.info('reminders swept', { ...result });
  return result;
}

export const handler = withLogContext('sweepReminders', async (event: ReminderSweepEvent | undefined): Promise<ReminderSweepResult> => {
  const result = await runReminderSweep(event);
  // Some failed: the invocation fails so its alarm fires; the next run tries them again.
  if (result.failed > 0) throw new Error(`reminders sweep: ${result.failed} reminder(s) not queued (see the log); the next run tries again`);
  return result;
});
