/**
 * `npm run messages -- sweep [--as-of YYYY-MM-DD] [--url URL]`
 *   Runs the daily reminders' sweep in the running `npm start` (found from its data directory's
 *   stack.json) as of the end of that date on the institution's clock (without --as-of: now):
 *   each reminder due (a round's deadline near, materials still missing, an offer's reply-by date
 *   near: the configuration's `mail.reminders`) is queued once per applicant and occasion, and the
 *   stack's mailing sender sends it to the dev outbox (/_dev/mail) and keeps it in the applicant's
 *   Messages. A second run on the same day queues nothing new. It prints counts only. In AWS the
 *   daily schedule runs the sweep Lambda; invoke it with {"as_of": "YYYY-MM-DD"} to do the same by hand.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReminderSweepResult } from '#domain/messages/reminders';
import { runDevSweep } from './dev-sweep';

const USAGE = 'usage: npm run messages -- sweep [--as-of YYYY-MM-DD] [--url URL]';

/** What one sweep did, in counts. */
export function report(result: ReminderSweepResult, asOf: string | undefined): string {
  const { deadline, materials, reply } = result.queued;
  return [
    `Swept as of ${asOf ?? 'now'} (${result.as_of} on the institution's clock):`,
    `  reminders queued: ${deadline + materials + reply} (deadline ${deadline}, missing materials ${materials}, reply ${reply})`,
    `  due but already sent or queued before: ${result.already}`,
    `  queued again (an earlier delivery was lost): ${result.requeued}`,
    `  failed (tried again next run): ${result.failed}`,
    '',
  ].join('\n');
}

export function main(argv: string[]): Promise<number> {
  // The reminders have no dry run: the sweep only queues, and a reminder queued is sent once.
  if (argv.includes('--dry-run')) {
    process.stderr.write(`${USAGE}\n`);
    return Promise.resolve(2);
  }
  return runDevSweep<ReminderSweepResult>(argv, { usage: USAGE, path: '/_dev/reminders/sweep', report });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`messages: ${(error as Error).message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
