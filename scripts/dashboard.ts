/**
 * `npm run dashboard -- recount [--aws]`
 *   Rebuilds the dashboard's counters from the applications (adapters/store/dashboard-recount.ts):
 *   for repair, after an outage left a change counted on its application but not on the counters
 *   (the log says "dashboard counters: … was not counted"), or after a release that changes what is
 *   counted. One Scan of the answers table; every counter item is written whole. Run it when the
 *   office is quiet. Locally: the running `npm start` (its DynamoDB endpoint, from its data
 *   directory's stack.json). With --aws: ANSWERS_TABLE and STATUS_TABLE (the stack outputs) in the
 *   account and region of the environment's credentials.
 * `npm run dashboard -- sort-keys [--aws]`
 *   Gives applications submitted before issue 39's list orders their name and average-score keys
 *   (adapters/store/sort-keys-backfill.ts), once, after the deploy that adds the by-score index
 *   (docs/deploy.md). One pass over the submissions index; keys already there are kept.
 */
// First: the institution's configuration, before any module of form/ loads (config/installed.ts).
import '#config/installed';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { recountDashboard, type RecountResult } from '#adapters/store/dashboard-recount';
import { backfillSortKeys } from '#adapters/store/sort-keys-backfill';
import { config, setConfig } from '#lambdas/config';
import { runningStack } from '#local/running';

const ROOT = resolve(import.meta.dirname, '..');
const USAGE = 'usage: npm run dashboard -- recount|sort-keys [--aws]';
const COMMANDS = ['recount', 'sort-keys'];

/** What the recount did, in counts (never a name). */
export function report(r: RecountResult): string {
  return [
    'Recounted the dashboard:',
    `  applications read: ${r.applications} (${r.started} started, ${r.submitted} submitted)`,
    `  applications whose counted cells were corrected: ${r.corrected}`,
    `  counter items written: ${r.counterItems}; removed (counting nothing now): ${r.removed}`,
    '',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { aws: { type: 'boolean', default: false } } });
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.positionals.length !== 1 || !COMMANDS.includes(parsed.positionals[0]!)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (parsed.values.aws) {
    for (const name of ['ANSWERS_TABLE', 'STATUS_TABLE']) if (!process.env[name]) throw new Error(`--aws needs ${name} (see the stack outputs)`);
    setConfig({ dynamodbEndpoint: '' });
  } else {
    const running = runningStack(resolve(process.env.DATA_DIR ?? join(ROOT, '.data')));
    setConfig({ dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT ?? running?.dynamodbEndpoint ?? '' });
    if (!config().dynamodbEndpoint) throw new Error('no running stack: start it with `npm start` (or set DYNAMODB_ENDPOINT)');
  }
  if (parsed.positionals[0] === 'sort-keys') {
    const r = await backfillSortKeys();
    process.stdout.write(`The list's name and score keys: ${r.read} submitted applications read, ${r.written} given a missing key.\n`);
    return 0;
  }
  process.stdout.write(report(await recountDashboard()));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`dashboard: ${(error as Error).message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
