/**
 * `npm run bench -- cold`: what a cold start costs in each synthesized function. For every
 * bundle in cdk.out (synthesized first when stale): its size (the minified index.mjs; the
 * folder too where packages are installed beside it) and its module initialisation, the time
 * `import()` of the bundle takes in a fresh Node process, median of 5. Beside them, measured in
 * the same run, a baseline: a bundle built with the same esbuild settings that holds only the
 * DynamoDB client, the least any handler here loads.
 *
 * Budgets, reported and never asserted: every API handler's minified bundle and its
 * initialisation ≤ 1.5× the baseline's, each printed as a pass or a fail per bundle; and
 * PUT /api/answer, the hottest route, reaches at most 52 of our own modules (esbuild's
 * metafile: what one save pulls in of lambdas/ and form/), printed with the minified bytes they
 * add. Issue 26 asked for about 25 when the save reached 59 (60 KB of ours); docs/decisions.md
 * ("The save's own modules") says why the cap is 52 (43, then the in-progress index's keys and the dashboard's count of starts, then the server's words in the applicant's language), and docs/performance.md what each is for.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { route, routes } from '#lambdas/routes';
import { ensureSynthesized, type SynthesizedFunction } from '#local/bundled/assets';
import { median } from './stats';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
export const SIZE_BUDGET_RATIO = 1.5;
export const INIT_BUDGET_RATIO = 1.5;
/** Our own modules (lambdas/, form/) the save route may reach (see the header). */
export const SAVE_MODULES_BUDGET = 52;

/** Our own modules one route's bundle reaches, by esbuild's metafile (packages left out). */
/** Our own modules (lambdas/, form/) an entry reaches, with the minified bytes each adds to its bundle. */
export async function ourModules(entry: string): Promise<{ path: string; bytes: number }[]> {
  const root = join(import.meta.dirname, '..');
  const result = await build({
    entryPoints: [join(root, 'lambdas', entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    minify: true,
    write: false,
    metafile: true,
    outdir: join(root, '.bundle-check'),
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0]!.inputs;
  return Object.keys(result.metafile.inputs)
    .filter((i) => !i.includes('node_modules'))
    .map((path) => ({ path, bytes: output[path]?.bytesInOutput ?? 0 }));
}

/** Milliseconds `import()` of the module takes in a new Node process (no loader, no flags). */
function initMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  if (out.status !== 0) throw new Error(`${file} failed to load: ${out.stderr}`);
  return Number(out.stdout);
}

/** What the function's package holds, source maps aside (they are not loaded at start). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (!entry.name.endsWith('.map')) total += statSync(path).size;
  }
  return total;
}

/** The baseline's source: the DynamoDB client and one call. */
function baselineEntry(dir: string): string {
  const entry = join(dir, 'baseline.ts');
  writeFileSync(
    entry,
    "import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';\nconst client = new DynamoDBClient({});\nexport const handler = async () => client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'x' } } }));\n",
  );
  return entry;
}

/** The baseline bundle, built as lib/function.ts builds every function. */
async function baselineBundle(dir: string): Promise<string> {
  const entry = baselineEntry(dir);
  const outfile = join(dir, 'index.mjs');
  await build({ ...FUNCTION_BUILD, entryPoints: [entry], outfile });
  return outfile;
}

/** lib/function.ts's esbuild settings for every function, as far as sizes go. */
const FUNCTION_BUILD: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  mainFields: ['module', 'main'],
  minify: true,
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  nodePaths: [join(import.meta.dirname, '..', 'node_modules')],
  logLevel: 'silent',
};

/** Minified bytes per package (or folder of ours) in a bundle of `entry`, from esbuild's metafile. */
async function bytesByPart(entry: string, dir: string): Promise<Map<string, number>> {
  const result = await build({ ...FUNCTION_BUILD, entryPoints: [entry], outfile: join(dir, 'why.mjs'), write: false, metafile: true });
  const parts = new Map<string, number>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      const part =
        pkg ??
        input
          .split('/')
          .slice(0, input.startsWith('lambdas/') ? 3 : 2)
          .join('/');
      parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
    }
  }
  return parts;
}

/**
 * `BENCH_COLD_WHY=submitApplication,saveAnswers npm run bench -- cold`: what each named route's
 * bundle carries beyond the baseline's, largest first (how the over-budget bundles were found).
 */
async function explain(names: string[], baselineEntry: string, dir: string): Promise<void> {
  const baseline = await bytesByPart(baselineEntry, dir);
  for (const name of names) {
    const row = routes.find((r) => r.name === name);
    if (!row) {
      console.log(`BENCH_COLD_WHY: no route named ${name}`);
      continue;
    }
    const parts = await bytesByPart(join(import.meta.dirname, '..', 'lambdas', row.entry), dir);
    const extra = [...parts]
      .map(([part, bytes]): [string, number] => [part, bytes - (baseline.get(part) ?? 0)])
      .filter(([, bytes]) => bytes > 0)
      .sort((a, b) => b[1] - a[1]);
    console.log(`\n${name} (${row.entry}) beyond the baseline, minified bytes: ${extra.reduce((t, [, b]) => t + b, 0).toLocaleString('en')}`);
    for (const [part, bytes] of extra.slice(0, 15)) console.log(`  ${bytes.toLocaleString('en').padStart(8)}  ${part}`);
  }
}

export interface ColdRow {
  name: string;
  kind: 'route' | 'event' | 'baseline';
  bytes: number;
  folderBytes: number;
  initMs: number;
  /** Median over the runs of this function's init time over the baseline's, measured just before it. */
  initRatio: number;
}

export async function measureColdStarts(log: (line: string) => void = console.log): Promise<{ baseline: ColdRow; rows: ColdRow[] }> {
  const synth = await ensureSynthesized(undefined, log);
  const work = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  try {
    const baselineFile = await baselineBundle(work);
    const functions: Array<[SynthesizedFunction, ColdRow['kind']]> = [
      ...[...synth.routes.values()].map((f): [SynthesizedFunction, ColdRow['kind']] => [f, 'route']),
      ...Object.values(synth.events).map((f): [SynthesizedFunction, ColdRow['kind']] => [f, 'event']),
    ];
    const rows: ColdRow[] = [];
    // Paired: the baseline is loaded just before each function and the ratio taken per pair, so
    // a busy moment of a shared machine (or its clock slowing down over the minute the run
    // takes) weighs on both sides of a ratio alike; the row's ratio is the median of its pairs.
    const baselineSamples: number[] = [];
    const samples = new Map<string, number[]>();
    const ratios = new Map<string, number[]>();
    for (let run = 0; run < RUNS; run++) {
      for (const [fn] of functions) {
        const base = initMs(baselineFile);
        const own = initMs(fn.file);
        baselineSamples.push(base);
        samples.set(fn.name, [...(samples.get(fn.name) ?? []), own]);
        ratios.set(fn.name, [...(ratios.get(fn.name) ?? []), own / base]);
      }
    }
    const baseline: ColdRow = {
      name: 'baseline (DynamoDB client only)',
      kind: 'baseline',
      bytes: statSync(baselineFile).size,
      folderBytes: statSync(baselineFile).size,
      initMs: median(baselineSamples),
      initRatio: 1,
    };
    for (const [fn, kind] of functions) {
      rows.push({
        name: fn.name,
        kind,
        bytes: statSync(fn.file).size,
        folderBytes: folderBytes(fn.dir),
        initMs: median(samples.get(fn.name)!),
        initRatio: median(ratios.get(fn.name)!),
      });
    }
    return { baseline, rows };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export async function run(): Promise<void> {
  console.log(`\n== cold starts: every synthesized bundle, module initialisation in a fresh Node process (median of ${RUNS}) ==`);
  const { baseline, rows } = await measureColdStarts();
  const line = (r: ColdRow, verdict = '') =>
    `${r.name.padEnd(32)} ${kb(r.bytes).padStart(8)} ${(r.folderBytes > r.bytes * 1.5 ? kb(r.folderBytes) : '').padStart(10)} ${`${r.initMs.toFixed(0)} ms`.padStart(8)} ${`${(r.bytes / baseline.bytes).toFixed(2)}×`.padStart(7)} ${`${r.initRatio.toFixed(2)}×`.padStart(7)}  ${verdict}`;
  console.log(
    `${'function'.padEnd(32)} ${'index.mjs'.padStart(8)} ${'folder'.padStart(10)} ${'init'.padStart(8)} ${'size×'.padStart(7)} ${'init×'.padStart(7)}`,
  );
  console.log(line(baseline));
  let over = 0;
  const overSize: string[] = [];
  const check = (ok: boolean, what: string) => `${ok ? 'pass' : 'FAIL'} ${what}`;
  for (const r of rows) {
    let verdict = '';
    if (r.kind === 'route') {
      const size = r.bytes <= baseline.bytes * SIZE_BUDGET_RATIO;
      const init = r.initRatio <= INIT_BUDGET_RATIO;
      verdict = `${check(size, `size ≤ ${SIZE_BUDGET_RATIO}×`)}, ${check(init, `init ≤ ${INIT_BUDGET_RATIO}×`)}`;
      if (!size || !init) over++;
      if (!size) overSize.push(`${r.name} ${(r.bytes / baseline.bytes).toFixed(2)}×`);
    } else {
      verdict = '(event function: no budget)';
    }
    console.log(line(r, verdict));
  }
  const routeCount = rows.filter((r) => r.kind === 'route').length;
  console.log(`API handlers over budget (size and init ≤ ${SIZE_BUDGET_RATIO}× the baseline's): ${over} of ${routeCount}`);
  // Sizes are deterministic where the init column moves with the machine's load: said apart.
  console.log(`… over the size budget alone: ${overSize.length} of ${routeCount}${overSize.length ? ` (${overSize.join(', ')})` : ''}`);
  const why = (process.env.BENCH_COLD_WHY ?? '').split(',').filter(Boolean);
  if (why.length) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-cold-why-'));
    try {
      await explain(why, baselineEntry(dir), dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const save = route('saveAnswers');
  const modules = await ourModules(save.entry);
  const ourKb = modules.reduce((sum, m) => sum + m.bytes, 0) / 1024;
  const ofForm = modules.filter((m) => m.path.startsWith('form/')).length;
  console.log(
    `${save.method} ${save.path} reaches ${modules.length} of our modules (${ofForm} of form/; ${ourKb.toFixed(1)} KB of its bundle, minified): ${check(modules.length <= SAVE_MODULES_BUDGET, `≤ ${SAVE_MODULES_BUDGET}`)}`,
  );
}
