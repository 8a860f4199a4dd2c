/**
 * `npm run recommendations -- sweep [--as-of YYYY-MM-DD] [--url URL]`
 *   Runs one sweep of recommendations in the running `npm start` (found from its data directory's
 *   stack.json): the automatic reminder to recommenders whose link expires within 7 days of that
 *   date, and expiry (with the applicant's notice) of links expired by its end. The e-mails land
 *   in the dev outbox (/_dev/mail). Without --as-of: now. In AWS the daily rule runs the sweep
 *   Lambda; invoke it with {"as_of": "YYYY-MM-DD"} to do the same by hand (docs/recommendations.md).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runningStack } from '#local/running';

const ROOT = resolve(import.meta.dirname, '..');
const USAGE = 'usage: npm run recommendations -- sweep [--as-of YYYY-MM-DD] [--url URL]';

/** The running `npm start` stack's URL (from its data directory's stack.json), or the one given. */
export function stackUrl(explicit?: string): string {
  if (explicit) return explicit.replace(/\/$/, '');
  const dataDir = resolve(process.env.DATA_DIR ?? join(ROOT, '.data'));
  const running = runningStack(dataDir);
  if (!running) throw new Error(`no running stack on ${dataDir}: start it with \`npm start\``);
  return running.url;
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { 'as-of': { type: 'string' }, url: { type: 'string' } } });
  const asOf = values['as-of'];
  if (positionals.length !== 1 || positionals[0] !== 'sweep' || (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf))) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const base = stackUrl(values.url);
  const res = await fetch(`${base}/_dev/recommendations/sweep`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(asOf ? { as_of: asOf } : {}),
  });
  const body = (await res.json()) as { message?: string; reminded?: string[]; expired?: string[] };
  if (!res.ok) throw new Error(body.message ?? `the stack answered ${res.status}`);
  process.stdout.write(
    `Swept as of ${asOf ?? 'now'}: ${body.reminded?.length ?? 0} reminder(s) sent, ${body.expired?.length ?? 0} link(s) expired. The e-mails are at ${base}/_dev/mail.\n`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`recommendations: ${(error as Error).message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
