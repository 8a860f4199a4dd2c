/**
 * `npm run retention -- sweep [--as-of YYYY-MM-DD] [--dry-run] [--url URL]`
 *   Runs one retention sweep in the running `npm start` (found from its data directory's
 *   stack.json) as of the end of that date (without --as-of: now): accounts never submitted are
 *   warned warnDays before deletion and erased after it, submissions past the institution's
 *   policy are erased (docs/retention.md). --dry-run counts what it would do and changes
 *   nothing. It prints counts only, never an address or a name; the warnings are at /_dev/mail.
 *   In AWS the daily rule runs the sweep Lambda; invoke it with {"as_of": "YYYY-MM-DD", "dry_run": true}
 *   to do the same by hand.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RetentionResult } from '#domain/retention/sweep';
import { runDevSweep } from './dev-sweep';

const USAGE = 'usage: npm run retention -- sweep [--as-of YYYY-MM-DD] [--dry-run] [--url URL]';

/** What one sweep did, in counts. */
export function report(result: RetentionResult, asOf: string | undefined): string {
  const lines = [
    `${result.dryRun ? 'Dry run (nothing changed)' : 'Swept'} as of ${asOf ?? 'now'}:`,
    `  warned (e-mailed before deletion): ${result.warned}`,
    `  erased, never submitted: ${result.erasedUnsubmitted}`,
    `  erased, submitted past the policy: ${result.erasedSubmitted}`,
    `  erased, identity gone (data without an account): ${result.erasedWithoutIdentity}`,
    `  kept on hold (legal or enrolment): ${result.held}`,
    `  kept, changed during the run (signed in, submitted or held): ${result.changed}`,
    `  leftovers of erased accounts removed (items and objects): ${result.leftoversRemoved}`,
    `  failed (tried again next run): ${result.failed}`,
  ];
  if (result.deferred > 0) lines.push(`  left for the next run (out of time): ${result.deferred}`);
  return `${lines.join('\n')}\n`;
}

export function main(argv: string[]): Promise<number> {
  return runDevSweep<RetentionResult>(argv, { usage: USAGE, path: '/_dev/retention/sweep', report });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`retention: ${(error as Error).message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
