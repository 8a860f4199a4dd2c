/**
 * The office's sweep commands (`npm run retention -- sweep`, `npm run cycles -- sweep`): one
 * argument shape (`sweep [--as-of YYYY-MM-DD] [--dry-run] [--url URL]`), one call to the running
 * stack's `/_dev/…/sweep` endpoint, the counts printed, exit code 1 when any item failed.
 */
import { parseArgs } from 'node:util';
import { stackUrl } from './recommendations';

const OPTIONS = { 'as-of': { type: 'string' }, 'dry-run': { type: 'boolean' }, url: { type: 'string' } } as const;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch {
    return undefined;
  }
}

export interface DevSweep<R> {
  usage: string;
  /** The stack's endpoint, e.g. /_dev/retention/sweep. */
  path: string;
  report: (result: R, asOf: string | undefined) => string;
}

export async function runDevSweep<R extends { failed: number }>(argv: string[], sweep: DevSweep<R>): Promise<number> {
  const parsed = parse(argv);
  const asOf = parsed?.values['as-of'];
  if (!parsed || parsed.positionals.length !== 1 || parsed.positionals[0] !== 'sweep' || (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf))) {
    process.stderr.write(`${sweep.usage}\n`);
    return 2;
  }
  const res = await fetch(`${stackUrl(parsed.values.url)}${sweep.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(asOf ? { as_of: asOf } : {}), ...(parsed.values['dry-run'] ? { dry_run: true } : {}) }),
  });
  const body = (await res.json()) as Partial<R> & { message?: string };
  if (!res.ok) throw new Error(body.message ?? `the stack answered ${res.status}`);
  const result = body as R;
  process.stdout.write(sweep.report(result, asOf));
  return result.failed > 0 ? 1 : 0;
}
