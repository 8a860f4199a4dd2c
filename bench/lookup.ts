/**
 * Issue 6's budget: 10,000 lookups over a generated 30,000-school dataset, imported into the
 * local stack's lookup table the way an institution's list would be. Measured in-process
 * (the handler module called directly, as Lambda calls it) and through the local HTTP server.
 * Targets: p99 ≤ 10 ms in-process, ≤ 25 ms over HTTP. Also prints the cold start: reading the
 * snapshot from DynamoDB and building the index.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { DatasetProvider } from '#adapters/lookup/dataset-provider';
import { replaceDataset } from '#adapters/lookup/snapshot-table';
import type { LookupRecord } from '#domain/lookup/records';
import { handler } from '#http/lookup-find-get';
import { config } from '#lambdas/config';
import { ensureTables } from '#local/servers';
import { startStack } from '#local/stack';
import { generateLookupRecords } from './lookup-data';
import { ms, report, summarise, time } from './stats';

const RECORDS = Number(process.env.BENCH_LOOKUP_RECORDS ?? 30_000);
const LOOKUPS = Number(process.env.BENCH_LOOKUP_N ?? 10_000);

/**
 * What people type: the first 2–14 characters of a school's name, sometimes with a slipped
 * letter (two swapped), sometimes followed by the city; a few record fetches by id as a
 * selection would make.
 */
function queries(records: readonly LookupRecord[], n: number): Record<string, string>[] {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  return Array.from({ length: n }, (): Record<string, string> => {
    const r = records[Math.floor(random() * records.length)]!;
    const roll = random();
    if (roll < 0.05) return { id: r.id, category: 'hs_ceeb' };
    let text = r.name.slice(0, 2 + Math.floor(random() * 13));
    if (roll < 0.2 && text.length > 6) text = text.slice(0, 3) + text[4] + text[3] + text.slice(5);
    else if (roll < 0.3) text = `${r.name.split(' ')[0]} ${r.city}`;
    return { text, category: 'hs_ceeb', max_results: '5' };
  });
}

function event(query: Record<string, string>): APIGatewayProxyEventV2 {
  return {
    rawPath: '/lookup/find',
    rawQueryString: new URLSearchParams(query).toString(),
    queryStringParameters: query,
    headers: {},
    requestContext: { http: { method: 'GET', path: '/lookup/find' } },
  } as unknown as APIGatewayProxyEventV2;
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lookup-'));
  const stack = await startStack({ port: 0, dataDir, quiet: true });
  try {
    const records = generateLookupRecords('hs_ceeb', RECORDS, 6, { varied: true });
    await ensureTables(config().dynamodbEndpoint, [config().lookupTable]);
    const imported = performance.now();
    await replaceDataset('hs_ceeb', records);
    const importMs = performance.now() - imported;

    const coldStarted = performance.now();
    const index = await new DatasetProvider('hs_ceeb').index();
    const coldMs = performance.now() - coldStarted;

    const asked = queries(records, LOOKUPS);
    let i = 0;
    const next = () => asked[i++ % asked.length]!;

    i = 0;
    const searches = asked.filter((q) => q.text !== undefined);
    const indexOnly = summarise(await time(() => Promise.resolve(index.search(searches[i++ % searches.length]!.text!, 5)), LOOKUPS));

    i = 0;
    const context = {} as Context;
    const inProcess = summarise(
      await time(async () => {
        const res = await handler(event(next()), context);
        if (res.statusCode !== 200) throw new Error(`lookup ${res.statusCode}: ${res.body}`);
      }, LOOKUPS),
    );

    i = 0;
    const overHttp = summarise(
      await time(async () => {
        const res = await fetch(`${stack.url}/lookup/find?${new URLSearchParams(next()).toString()}`);
        if (res.status !== 200) throw new Error(`lookup ${res.status}`);
        await res.arrayBuffer();
      }, LOOKUPS),
    );

    const verdict = (p99: number, budget: number) => (p99 <= budget ? `within ${budget} ms` : `OVER ${budget} ms budget`);
    console.log(`\n== Lookups: ${LOOKUPS} sequential lookups over ${index.size} generated schools (hs_ceeb, ${index.vocabularySize} distinct words) ==`);
    console.log(`import of ${records.length} records into the lookup table: ${ms(importMs)}; cold start (read snapshot + build index): ${ms(coldMs)}`);
    console.log(report('index search only', indexOnly));
    console.log(`${report('GET /lookup/find in-process (handler)', inProcess)}  ${verdict(inProcess.p99, 10)}`);
    console.log(`${report('GET /lookup/find over local HTTP', overHttp)}  ${verdict(overHttp.p99, 25)}`);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
