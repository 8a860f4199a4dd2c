/**
 * `npm run cycles -- sweep [--as-of YYYY-MM-DD] [--dry-run] [--url URL]`
 *   Runs one expiry sweep in the running `npm start` (found from its data directory's stack.json)
 *   as of the last moment of that date on the institution's clock (without --as-of: now): every
 *   released admit or waitlist offer not answered by its round's reply-by day is declined, with
 *   its history entry, audit record, e-mail and event `Offer Expired` (docs/cycles.md, "Offers that
 *   expire"). --dry-run counts what it would do and changes nothing. It prints counts only; the
 *   e-mails are at /_dev/mail. In AWS the daily schedule runs the sweepOffers Lambda; invoke it
 *   with {"as_of": "YYYY-MM-DD", "dry_run": true} to do the same by hand.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExpiryResult } from '#domain/cycles/expiry';
import { runDevSweep } from './dev-sweep';

const USAGE = 'usage: npm run cycles -- sweep [--as-of YYYY-MM-DD] [--dry-run] [--url URL]';

/** What one sweep did, in counts. */
export function report(result: ExpiryResult, asOf: string | undefined): string {
  const lines = [
    `${result.dryRun ? 'Dry run (nothing changed)' : 'Swept'} as of ${asOf ? `the end of ${asOf}` : 'now'}:`,
    `  offers expired (declined, no reply by the reply-by date): ${result.expired}`,
    `  offers answered as the sweep reached them: ${result.answered}`,
    `  failed (tried again next run): ${result.failed}`,
  ];
  if (result.deferred > 0) lines.push(`  left for the next run (out of time): ${result.deferred}`);
  return `${lines.join('\n')}\n`;
}

export function main(argv: string[]): Promise<number> {
  return runDevSweep<ExpiryResult>(argv, { usage: USAGE, path: '/_dev/cycles/sweep', report });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`cycles: ${(error as Error).message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
