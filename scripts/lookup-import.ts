/**
 * `npm run lookup:import -- FILE.csv --category hs_ceeb [--dry-run] [--aws | --endpoint URL]`
 *
 * Validates the whole file first (every bad row reported with its line number) and writes
 * nothing unless every row is good; then publishes the dataset as a new snapshot version of
 * the lookup table, which Lambdas and the local stack pick up within a minute (or at start).
 *
 * Where it writes:
 *   default      the local stack's data directory (DATA_DIR or .data/), through an embedded
 *                dynalite, or through a running `npm start` on that directory (found from its stack.json);
 *   --endpoint   a running DynamoDB-compatible endpoint (DYNAMODB_ENDPOINT works too);
 *   --aws        the deployed table: LOOKUP_TABLE (or --table), AWS credentials and region.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import dynalite from 'dynalite';
import { replaceDataset, type SnapshotPointer } from '#adapters/lookup/snapshot-table';
import { parseDataset, type DatasetResult } from '#domain/lookup/dataset';
import { CATEGORIES, isCategory, type Category } from '#form/wire/lookup';
import { config, setConfig } from '#lambdas/config';
import { runningStack } from '#local/running';
import { ensureTables } from '#local/servers';

const ROOT = resolve(import.meta.dirname, '..');
/** Bad rows listed before "…and N more": enough to fix a file, short enough to read. */
const MAX_LISTED_ERRORS = 50;

export interface ImportOutcome {
  ok: boolean;
  result: DatasetResult;
  pointer?: SnapshotPointer;
}

/** Validates `csv` and, when every row is good and this is not a dry run, publishes it. */
export async function importDataset(csv: string, category: Category, options: { dryRun?: boolean } = {}): Promise<ImportOutcome> {
  const result = parseDataset(csv, category);
  if (result.errors.length > 0) return { ok: false, result };
  if (options.dryRun) return { ok: true, result };
  return { ok: true, result, pointer: await replaceDataset(category, result.records) };
}

export function formatProblems(file: string, result: DatasetResult): string[] {
  const lines = result.errors.slice(0, MAX_LISTED_ERRORS).map((e) => `${file}:${e.line}: ${e.message}`);
  if (result.errors.length > MAX_LISTED_ERRORS) lines.push(`…and ${result.errors.length - MAX_LISTED_ERRORS} more bad rows`);
  return lines;
}

const USAGE = `usage: npm run lookup:import -- FILE.csv --category ${CATEGORIES.join('|')} [--dry-run] [--aws [--table NAME] | --endpoint URL]`;

async function startLocalDynamo(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const dir = join(resolve(process.env.DATA_DIR ?? join(ROOT, '.data')), 'dynamodb');
  mkdirSync(dir, { recursive: true });
  const server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      category: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      aws: { type: 'boolean', default: false },
      endpoint: { type: 'string' },
      table: { type: 'string' },
    },
  });
  const file = positionals[0];
  const category = values.category ?? '';
  if (!file || positionals.length > 1 || !isCategory(category)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const csv = readFileSync(file, 'utf8');

  const checked = parseDataset(csv, category);
  for (const warning of checked.warnings) process.stderr.write(`warning: ${warning}\n`);
  if (checked.errors.length > 0) {
    for (const line of formatProblems(file, checked)) process.stderr.write(`${line}\n`);
    process.stderr.write(`${checked.errors.length} bad row(s): nothing was imported.\n`);
    return 1;
  }
  if (values['dry-run']) {
    process.stdout.write(`${checked.records.length} ${category} rows are valid (dry run: nothing written).\n`);
    return 0;
  }

  let local: { endpoint: string; close: () => Promise<void> } | undefined;
  // A running `npm start` on the same data directory is used through its endpoint.
  const running = values.aws ? undefined : runningStack(resolve(process.env.DATA_DIR ?? join(ROOT, '.data')));
  const endpoint = values.endpoint ?? (values.aws ? undefined : (process.env.DYNAMODB_ENDPOINT ?? running?.dynamodbEndpoint));
  try {
    if (values.aws) {
      const table = values.table ?? process.env.LOOKUP_TABLE;
      if (!table) throw new Error('--aws needs the deployed table name: --table NAME or LOOKUP_TABLE');
      setConfig({ lookupTable: table, dynamodbEndpoint: '' });
    } else {
      if (!endpoint) local = await startLocalDynamo();
      setConfig({ dynamodbEndpoint: endpoint ?? local!.endpoint, ...(values.table ? { lookupTable: values.table } : {}) });
      await ensureTables(config().dynamodbEndpoint, [config().lookupTable]);
    }
    const { pointer } = await importDataset(csv, category);
    process.stdout.write(`Imported ${pointer!.records} ${category} records as version ${pointer!.version}.\n`);
    return 0;
  } finally {
    await local?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = (error as Error).message ?? String(error);
      const busy = /lock|LOCK|already held/.test(message) ? ' (is `npm start` running? stop it, or pass --endpoint)' : '';
      process.stderr.write(`lookup import failed: ${message}${busy}\n`);
      process.exit(1);
    },
  );
}
