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
import { parseArgs } from 'node:util';
import type { RetentionResult } from '#domain/retention/sweep';
import { stackUrl } from './recommendations';

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

const OPTIONS = { 'as-of': { type: 'string' }, 'dry-run': { type: 'boolean' }, url: { type: 'string' } } as const;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch {
    return undefined;
  }
}

export async function main(argv: string[]): Promise<number> {
  const parsed = parse(argv);
  const asOf = parsed?.values['as-of'];
  if (!parsed || parsed.positionals.length !== 1 || parsed.positionals[0] !== 'sweep' || (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf))) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const { values } = parsed;
  const base = stackUrl(values.url);
  const res = await fetch(`${base}/_dev/retention/sweep`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(asOf ? { as_of: asOf } : {}), ...(values['dry-run'] ? { dry_run: true } : {}) }),
  });
  const body = (await res.json()) as Partial<RetentionResult> & { message?: string };
  if (!res.ok) throw new Error(body.message ?? `the stack answered ${res.status}`);
  const result = body as RetentionResult;
  process.stdout.write(report(result, asOf));
  return result.failed > 0 ? 1 : 0;
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
