/**
 * `npm run bench -- sis [--applicants=N]` (issue 38 item 6): pages every submitted application of
 * a local stack through GET /sis/v1/applications at limit 100, and beside each page the very
 * DynamoDB calls the route made for it (recorded as the route sent them, in this process), sent
 * again straight to the same dynalite in the same shape: the page's index query, then each
 * application's access record and reads, ten applications at a time as the route builds them.
 * Printed: p50/p95 per page of both and their ratio (goal ≤ 1.5× at p50, reported as met or not,
 * never asserted), and per 1,000 applications the HTTP requests, DynamoDB requests, read and write
 * capacity units (ReturnConsumedCapacity on the replayed calls) and the bytes the client received.
 *
 * The applications are written straight through the store adapters a submission uses (the answers
 * the seed generates, scripts/seed/generate.ts, merged; the submission's lock with its change stamp;
 * the submissions index): 10,000 sign-ups, confirmations and submits through the API would take the
 * better part of an hour on the dynalite stack and render 10,000 PDFs this measurement does not read.
 * They have no documents, snapshot or PDF, so a page signs no links; the reads for them are made
 * all the same (each finds nothing).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { markSubmitted, mergeAnswers } from '#adapters/store/answers-store';
import { indexSubmission } from '#adapters/store/submissions-index';
import { CHANGES_INDEX } from '#domain/ports/submissions';
import { startStack } from '#local/stack';
import { shippedLookups } from '../scripts/seed';
import { generateApplicant } from '../scripts/seed/generate';
import { rawClients, send, startRecording, stopRecording, type Capacity, type Raw, type Recorded } from './dynamo-calls';
import { ms, summarise } from './stats';

export const SIS_PAGE_BUDGET = 1.5;
const PAGE = 100;
/** As the route builds its records (domain/sis/application-list.ts). */
const RECORDS_AT_ONCE = 10;

function applicantsWanted(argv: readonly string[]): number {
  for (const [i, a] of argv.entries()) {
    const m = /^--(?:applicants|n)(?:=(\d+))?$/.exec(a);
    if (m) return Number(m[1] ?? argv[i + 1]);
  }
  return Number(process.env.BENCH_SIS_N ?? 10_000);
}

/** The page's calls again, in the route's shape: the client's checks, the index query, then ten applications at a time (the access record first, its reads together). */
async function replay(db: Raw, calls: readonly Recorded[], ids: readonly string[], capacity: Capacity): Promise<void> {
  const queryAt = calls.findIndex((c) => c.input.IndexName === CHANGES_INDEX);
  if (queryAt < 0) throw new Error('the page made no query of the change index');
  const perApplication = new Map<string, Recorded[]>(ids.map((id) => [id, []]));
  for (const call of calls.slice(queryAt + 1)) {
    const text = JSON.stringify(call.input);
    const owner = ids.find((id) => text.includes(id));
    if (!owner) throw new Error(`a call of no application of the page: ${call.command} ${text.slice(0, 200)}`);
    perApplication.get(owner)!.push(call);
  }
  await Promise.all(calls.slice(0, queryAt).map((c) => send(db, c, capacity)));
  await send(db, calls[queryAt]!, capacity);
  for (let i = 0; i < ids.length; i += RECORDS_AT_ONCE) {
    await Promise.all(
      ids.slice(i, i + RECORDS_AT_ONCE).map(async (id) => {
        const [first, ...rest] = perApplication.get(id)!;
        await send(db, first!, capacity);
        await Promise.all(rest.map((c) => send(db, c, capacity)));
      }),
    );
  }
}

async function seed(n: number, log: (line: string) => void): Promise<void> {
  const lookups = await shippedLookups();
  const limit = pLimit(8);
  const run = Date.now().toString(36);
  const start = Date.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: n }, (_, index) =>
      limit(async () => {
        const generated = generateApplicant(42, index, run, lookups);
        const id = randomUUID();
        if (!(await mergeAnswers(id, { answers: generated.answers, base: {} }))) throw new Error(`seeding ${id}: the answers were refused`);
        await markSubmitted(id, new Date(), `B${index.toString(36).toUpperCase().padStart(7, '0')}`);
        await indexSubmission(id, generated.email);
        done += 1;
        if (done % 1000 === 0) log(`  seeded ${done}/${n} (${((Date.now() - start) / 1000).toFixed(0)} s)`);
      }),
    ),
  );
}

export async function run(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const n = applicantsWanted(argv);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sis-'));
  const stack = await startStack({ port: 0, dataDir, quiet: true });
  const db = rawClients(stack.dynamodbEndpoint);
  try {
    console.log(`\n== GET /sis/v1/applications: ${n} submitted applications at limit ${PAGE}, beside the same DynamoDB calls sent straight ==`);
    const seeded = Date.now();
    await seed(n, console.log);
    console.log(`  seeded ${n} through the store adapters in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    // A client with a fresh token; another when one reaches its 120 requests a minute.
    const token = async () => {
      const made = (await (
        await fetch(`${stack.url}/_dev/sis-clients`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `bench-${randomUUID().slice(0, 8)}`, scopes: ['applications.read'] }),
        })
      ).json()) as { client: { id: string }; secret: string };
      const res = await fetch(`${stack.url}/oauth2/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${made.client.id}:${made.secret}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    let bearer = await token();
    const page = async (cursor?: string): Promise<{ text: string; status: number }> => {
      const res = await fetch(`${stack.url}/sis/v1/applications?since=2000-01-01&limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      return { status: res.status, text: await res.text() };
    };
    // Warm: the route's module and the client's record.
    await page();

    const routeMs: number[] = [];
    const rawMs: number[] = [];
    const capacity: Capacity = { read: 0, write: 0, writes: 0 };
    let calls = 0;
    let bytes = 0;
    let pages = 0;
    let seen = 0;
    let cursor: string | undefined;
    do {
      startRecording();
      const started = performance.now();
      let res = await page(cursor);
      let took = performance.now() - started;
      if (res.status === 429) {
        bearer = await token();
        startRecording();
        const again = performance.now();
        res = await page(cursor);
        took = performance.now() - again;
      }
      const made = stopRecording();
      if (res.status !== 200) throw new Error(`page ${pages + 1}: ${res.status} ${res.text.slice(0, 300)}`);
      const body = JSON.parse(res.text) as { items: Array<{ id: string }>; next_cursor?: string };
      routeMs.push(took);
      bytes += Buffer.byteLength(res.text);
      calls += made.length;
      seen += body.items.length;
      pages += 1;
      const raw = performance.now();
      await replay(
        db,
        made,
        body.items.map((i) => i.id),
        capacity,
      );
      rawMs.push(performance.now() - raw);
      cursor = body.next_cursor;
    } while (cursor);
    if (seen !== n) throw new Error(`paged ${seen} applications of ${n}`);

    const route = summarise(routeMs);
    const raw = summarise(rawMs);
    const per1000 = (v: number) => ((v / n) * 1000).toFixed(v / n < 0.01 ? 2 : 0);
    const ratio = route.p50 / raw.p50;
    console.log(`  ${pages} pages of up to ${PAGE}, ${seen} applications`);
    console.log(`  the same DynamoDB calls sent straight (baseline)  p50 ${ms(raw.p50).padStart(10)}  p95 ${ms(raw.p95).padStart(10)}`);
    console.log(
      `  GET /sis/v1/applications, one page                 p50 ${ms(route.p50).padStart(10)}  p95 ${ms(route.p95).padStart(10)}  ratio p50 ${ratio.toFixed(2)}×  p95 ${(route.p95 / raw.p95).toFixed(2)}×`,
    );
    console.log(`  goal ≤ ${SIS_PAGE_BUDGET}× at p50: ${ratio <= SIS_PAGE_BUDGET ? 'met' : 'NOT met'}`);
    console.log(
      `  per 1,000 applications: ${per1000(pages)} HTTP requests, ${per1000(calls)} DynamoDB requests (${per1000(capacity.writes)} of them writes: the access records), ${per1000(capacity.read)} read capacity units, ${(Number(per1000(bytes)) / 1024).toFixed(0)} KiB received`,
    );
  } finally {
    db.base.destroy();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
