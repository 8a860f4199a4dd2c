/**
 * The daily reminders in the local stack (lambdas/events/sweep-reminders.ts): on demand at the
 * development-only endpoint `npm run messages -- sweep` calls,
 *   POST /_dev/reminders/sweep {"as_of": "YYYY-MM-DD"}   (optional)
 * and every 24 hours after the stack starts (not at its start, unlike the other sweeps: the stack
 * a test starts must not send reminders to its seeded applicants unasked). The reminders go on the
 * stack's mailing queue (local/mailing-queue.ts), whose sender sends them to the dev outbox
 * (/_dev/mail) and keeps each in the applicant's Messages; POST /_dev/mailings/settle waits for
 * it. The answer is the sweep's counts, never an address.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReminderSweepResult } from '#domain/messages/reminders';
import { runReminderSweep } from '#events/sweep-reminders';
import { everyDay } from './recommendations-dev';
import { answerSweep } from './retention-dev';
import { outsideRoutes } from './route-grants';

export const REMINDERS_SWEEP_PATH = '/_dev/reminders/sweep';
const DAY_MS = 86_400_000;

const sweep = outsideRoutes((event: { as_of?: string }): Promise<ReminderSweepResult> => runReminderSweep(event.as_of ? { as_of: event.as_of } : {}));

/** Answers the sweep endpoint; false when the path is not it. */
export function handleRemindersDevRequest(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  return path === REMINDERS_SWEEP_PATH && answerSweep(req, res, sweep);
}

/** The daily run: every 24 hours from the stack's start. */
export function scheduleDailyReminders(onError: (error: unknown) => void): { stop(): void } {
  return everyDay(
    async () => {
      const result = await sweep({});
      if (result.failed > 0) throw new Error(`${result.failed} reminder(s) not queued; the next run tries again`);
    },
    onError,
    DAY_MS,
  );
}
