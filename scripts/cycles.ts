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
import { parseArgs } from 'node:util';
import type { ExpiryResult } from '#domain/cycles/expiry';
import { stackUrl } from './recommendations';

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
  const res = await fetch(`${stackUrl(parsed.values.url)}/_dev/cycles/sweep`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(asOf ? { as_of: asOf } : {}), ...(parsed.values['dry-run'] ? { dry_run: true } : {}) }),
  });
  const body = (await res.json()) as Partial<ExpiryResult> & { message?: string };
  if (!res.ok) throw new Error(body.message ?? `the stack answered ${res.status}`);
  const result = body as ExpiryResult;
  process.stdout.write(report(result, asOf));
  return result.failed > 0 ? 1 : 0;
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
