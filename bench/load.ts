/**
 * `npm run bench:load`: N simulated applicants (default 200, concurrent) through the whole
 * journey against the local stack in its own process, then an audit of every applicant's
 * stored answers straight from the database. The verdict is the audit (zero errors, zero lost
 * or foreign answers); latency is reported without a target: on two shared cores it measures
 * the machine, not the product (docs/performance.md). Nothing is asserted.
 *
 *   npm run bench:load -- --applicants 50 --think 200 --no-documents
 *
 * Phases, reported separately:
 *   1. accounts: sign up, code from /_dev/mail.json, confirm, log in. The local identity
 *      provider hashes with scrypt (CPU-bound, as Cognito's SRP is on AWS's side), so sign-ups
 *      run at a bounded concurrency, as a real deadline rush arrives spread over minutes.
 *   2. journey, all applicants at once: profile, started, three pages (last page + answers),
 *      one document (presigned POST, attach, conversion polled), validating, validations,
 *      submit, the application PDF polled and downloaded once. Each applicant pauses a
 *      jittered think time between calls, as a person does between pages.
 *   3. audit: every applicant's answers item read from DynamoDB and compared key by key with
 *      what that applicant sent: nothing lost, nothing foreign, every application locked.
 */
// First: the institution's configuration, before any module of form/ loads (config/installed.ts).
import '#config/installed';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getPage, pageAnswerKeys, pages } from '#form';
import type { RequestTrace } from '#local/metrics';
import { completeApplication } from '#test/support/answers';
import { startChildStack } from '#test/support/child-stack';
import { ApiClient, PASSWORD, lightRequestTimes, resentOnClosedConnection, type Mail } from '#test/support/client';
import { CpuMeter, STEAL_NAME } from './cpu';
import { percentile, summarise } from './stats';
import { tailSplit } from './tail-split';

const { values: args } = parseArgs({
  options: {
    applicants: { type: 'string', default: process.env.LOAD_APPLICANTS ?? '200' },
    'signup-concurrency': { type: 'string', default: '8' },
    /** Mean pause between one applicant's calls, ms (uniform 0..2×). */
    // 2 s mean between calls and arrivals over 10 s: a real applicant spends minutes per page, so
    // this is a deadline rush compressed about fifty-fold (pass --think 300 --ramp 2000 for a harsher one).
    think: { type: 'string', default: '2000' },
    /** Applicants start spread over this many ms (0: all at once). */
    ramp: { type: 'string', default: '10000' },
    'no-documents': { type: 'boolean', default: false },
    /** Width of the timeline's windows, ms (the CPU meter samples every second). */
    timeline: { type: 'string', default: '10000' },
    url: { type: 'string' },
    'dynamodb-endpoint': { type: 'string' },
  },
  allowPositionals: true,
});

const N = Number(args.applicants);
const SIGNUP_CONCURRENCY = Number(args['signup-concurrency']);
const THINK_MS = Number(args.think);
const RAMP_MS = Number(args.ramp);
const DOCUMENTS = !args['no-documents'];
const DOCUMENT_KEY = 'hs_transcript';
/** The web app's polling intervals (platform spec, constants): conversion 2 s, application PDF 1 s. */
const CONVERSION_POLL_MS = 2000;
const PDF_POLL_MS = 1000;
/** How long an applicant waits for a conversion before counting it as an error. */
const POLL_DEADLINE_MS = Number(process.env.LOAD_POLL_DEADLINE_MS ?? 180_000);
/**
 * The local stack renders application PDFs one at a time on one CPU at idle priority
 * (LOCAL_RENDER_CONCURRENCY), so after a rush of submits the last applicant waits for everyone
 * else's PDF: about 0.2 s each on this 2-core machine during the rush, a second allowed.
 */
const PDF_POLL_DEADLINE_MS = Number(process.env.LOAD_PDF_POLL_DEADLINE_MS ?? Math.max(POLL_DEADLINE_MS, N * 1000));
const ACCESS_COOKIE = 'CognitoIdentityServiceProvider.localclient.accessToken';

// ---------------------------------------------------------------- measurements

class Recorder {
  readonly samples = new Map<string, number[]>();
  /** Every call's start (ms since the process started) and duration, for the timeline. */
  readonly timeline: Array<{ name: string; at: number; ms: number }> = [];
  readonly errors: string[] = [];
  calls = 0;

  /** Times one call; a status other than `expect` counts as an error (and throws, ending that applicant's journey). */
  async call<T>(name: string, run: () => Promise<{ status: number; body: T }>, expect = 200): Promise<T> {
    const started = performance.now();
    let res: { status: number; body: T };
    try {
      res = await run();
    } catch (error) {
      this.fail(name, `network: ${String(error)}`);
      throw error;
    } finally {
      this.calls++;
    }
    const elapsed = performance.now() - started;
    this.timeline.push({ name, at: started, ms: elapsed });
    (this.samples.get(name) ?? this.samples.set(name, []).get(name)!).push(elapsed);
    if (res.status !== expect) {
      const error = `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      this.fail(name, error);
      throw new JourneyError(`${name}: ${error}`);
    }
    return res.body;
  }

  fail(name: string, detail: string): void {
    this.errors.push(`${name}: ${detail}`);
  }
}

class JourneyError extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(Math.random() * 2 * THINK_MS);

/** Runs `task` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  });
  await Promise.all(workers);
}

// ---------------------------------------------------------------- the applicants

interface Applicant {
  index: number;
  username: string;
  client: ApiClient;
  sub?: string;
  /** Everything this applicant will send: any other stored value is foreign. */
  sent: Record<string, string>;
  /** What the server acknowledged saving (200): each must be stored exactly. */
  saved: Record<string, string>;
  finished: boolean;
}

/** Letters only (names are free text, but keep them plain): 0 → "a", 27 → "bb". */
const tag = (i: number) => {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
};

/** A complete application whose free-text answers carry the applicant's own tag, so any foreign value shows. */
function answersFor(i: number): Record<string, string> {
  const t = tag(i);
  return {
    ...completeApplication(),
    first_name: `Ada ${t}`,
    last_name: `Lovelace ${t}`,
    emergency_contact_name: `Contact ${t}`,
    address_line_1: `${i + 1} Main Street`,
    city: `Springfield ${t}`,
    hs_name: `High School ${t}`,
  };
}

/** The answers split by the page that asks them, in page order (what the app saves per page). */
function byPage(answers: Record<string, string>): Array<{ path: string; answers: Record<string, string> }> {
  return pages.map((page) => {
    const keys = new Set(pageAnswerKeys(getPage(page.id)));
    return { path: page.path, answers: Object.fromEntries(Object.entries(answers).filter(([k]) => keys.has(k))) };
  });
}

async function codeFor(baseUrl: string, username: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await fetch(`${baseUrl}/_dev/mail.json`)).json()) as Mail[];
    const code = mails.filter((m) => m.to === username).at(-1)?.code;
    if (code) return code;
    if (Date.now() > deadline) throw new JourneyError(`no confirmation code for ${username}`);
    await sleep(50);
  }
}

async function createAccount(rec: Recorder, baseUrl: string, a: Applicant): Promise<void> {
  await rec.call('POST /public/signup', () => a.client.post('/public/signup', { username: a.username, password: PASSWORD }));
  const code = await codeFor(baseUrl, a.username);
  await rec.call('POST /public/confirm', () => a.client.post('/public/confirm', { username: a.username, code }));
  await rec.call('POST /public/login', () => a.client.post('/public/login', { username: a.username, password: PASSWORD }));
  if (!a.client.jar.has(ACCESS_COOKIE)) throw new JourneyError('no session cookie after login');
  a.sub = a.client.subject;
}

async function poll<T extends { status: string }>(
  rec: Recorder,
  name: string,
  every: number,
  get: () => Promise<{ status: number; body: T }>,
  deadlineMs = POLL_DEADLINE_MS,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const body = await rec.call(name, get);
    if (body.status === 'COMPLETED' || body.status === 'FAILED') return body;
    if (Date.now() > deadline) {
      rec.fail(name, `still ${body.status} after ${deadlineMs / 1000} s`);
      throw new JourneyError(`${name}: still ${body.status}`);
    }
    await sleep(every);
  }
}

async function uploadDocument(rec: Recorder, a: Applicant, pdf: Uint8Array): Promise<void> {
  const presigned = await rec.call<{ url: string; fields: Record<string, string> }>('POST /api/presigned-url', () =>
    a.client.post('/api/presigned-url', { answer_key: DOCUMENT_KEY }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'transcript.pdf');
  // S3 answers 204 (or 200/201 with success_action_status); anything 2xx is a stored object.
  await rec.call('POST presigned S3 upload', async () => {
    const res = await fetch(presigned.url, { method: 'POST', body: form });
    await res.arrayBuffer();
    return { status: res.ok ? 200 : res.status, body: undefined };
  });
  const fileKey = presigned.fields.key!;
  await rec.call('POST /api/pdf/document-answer/{key}', () =>
    a.client.post(`/api/pdf/document-answer/${DOCUMENT_KEY}`, { file_key: fileKey, file_name: `transcript ${tag(a.index)}.pdf` }),
  );
  const done = await poll(rec, 'GET /api/pdf/document-answer/{key}', CONVERSION_POLL_MS, () =>
    a.client.get<{ status: string; message?: string }>(`/api/pdf/document-answer/${DOCUMENT_KEY}`),
  );
  if (done.status !== 'COMPLETED') {
    rec.fail('document conversion', `${done.status} ${done.message ?? ''}`);
    throw new JourneyError('conversion failed');
  }
}

async function fetchApplicationPdf(rec: Recorder, a: Applicant): Promise<void> {
  const done = await poll(
    rec,
    'GET /api/pdf',
    PDF_POLL_MS,
    () => a.client.get<{ status: string; url: string | null; message?: string }>('/api/pdf'),
    PDF_POLL_DEADLINE_MS,
  );
  if (done.status !== 'COMPLETED' || !done.url) {
    rec.fail('application PDF', `${done.status} ${done.message ?? ''}`);
    throw new JourneyError('PDF failed');
  }
  const url = done.url;
  await rec.call('GET application PDF (download)', async () => {
    const res = await fetch(url);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const isPdf = Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
    return { status: res.ok && isPdf ? 200 : res.ok ? 502 : res.status, body: undefined };
  });
}

async function journey(rec: Recorder, a: Applicant, pdf: Uint8Array): Promise<void> {
  const c = a.client;
  await rec.call('GET /api/profile', () => c.get('/api/profile'));
  await think();
  await rec.call('POST /api/web-status', () => c.post('/api/web-status', { web_status: 'started' }));
  for (const page of byPage(a.sent)) {
    await think();
    await rec.call('PUT /api/last-page', () => c.put('/api/last-page', { last_page: page.path }));
    await think();
    await rec.call('PUT /api/answer', () => c.put('/api/answer', page.answers));
    Object.assign(a.saved, page.answers);
    if (DOCUMENTS && page.path === '/education-ug') {
      await think();
      await uploadDocument(rec, a, pdf);
    }
  }
  await think();
  await rec.call('POST /api/web-status', () => c.post('/api/web-status', { web_status: 'validating' }));
  await rec.call('POST /api/validations', () => c.post('/api/validations', {}));
  await think();
  await rec.call('POST /api/submit', () => c.post('/api/submit'));
  if (DOCUMENTS) {
    await think();
    const asked = performance.now();
    await fetchApplicationPdf(rec, a);
    rec.samples.set('(submit → PDF downloaded)', [...(rec.samples.get('(submit → PDF downloaded)') ?? []), performance.now() - asked]);
  }
  a.finished = true;
}

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Official transcript', { x: 72, y: 700, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

// ---------------------------------------------------------------- audit

interface Audit {
  stored: number;
  lost: string[];
  foreign: string[];
  unlocked: string[];
  strangers: number;
}

/** Reads every answers item from DynamoDB and compares each applicant's with what they sent. */
async function audit(endpoint: string, applicants: readonly Applicant[]): Promise<Audit> {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const items = new Map<string, Record<string, unknown>>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new ScanCommand({ TableName: 'answers', ConsistentRead: true, ExclusiveStartKey }));
    for (const item of out.Items ?? []) if (item.sk === 'answers') items.set(item.pk as string, item);
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  db.destroy();

  const result: Audit = { stored: 0, lost: [], foreign: [], unlocked: [], strangers: 0 };
  const known = new Set<string>();
  for (const a of applicants) {
    if (!a.sub) continue;
    known.add(a.sub);
    const item = items.get(a.sub) ?? {};
    const stored: Record<string, unknown> = {};
    for (const [attr, v] of Object.entries(item)) if (attr.startsWith('a_')) stored[attr.slice(2)] = v;
    for (const [k, v] of Object.entries(a.saved)) {
      if (stored[k] === undefined) result.lost.push(`${a.username} ${k}`);
      else if (stored[k] !== v) result.foreign.push(`${a.username} ${k}=${JSON.stringify(stored[k])} (sent ${JSON.stringify(v)})`);
      else result.stored++;
    }
    for (const [k, v] of Object.entries(stored)) {
      if (!(k in a.saved) && a.sent[k] !== v) result.foreign.push(`${a.username} unexpected ${k}=${JSON.stringify(v)}`);
    }
    if (a.finished && typeof item.submittedAt !== 'string') result.unlocked.push(a.username);
  }
  for (const pk of items.keys()) if (!known.has(pk)) result.strangers++;
  return result;
}

// ---------------------------------------------------------------- report

function table(rec: Recorder, names: readonly string[] | undefined, seconds: number): string[] {
  const lines = [
    `${'call'.padEnd(38)} ${'n'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  ${'calls/s'.padStart(8)}`,
  ];
  for (const [name, samples] of rec.samples) {
    if (names && !names.includes(name)) continue;
    const s = summarise(samples);
    const max = percentile(
      [...samples].sort((x, y) => x - y),
      100,
    );
    lines.push(
      `${name.padEnd(38)} ${String(s.n).padStart(6)} ${s.p50.toFixed(1).padStart(8)} ${s.p95.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${max.toFixed(1).padStart(8)}  ${(s.n / seconds).toFixed(1).padStart(8)}`,
    );
  }
  return lines;
}

/** Calls per second and the save latency per window of the phase: where in the run the slow saves were. */
function printTimeline(rec: Recorder, from: number, cpu: CpuMeter, windowMs = 10_000): void {
  const short: Record<string, string> = {
    'stack (API, identity)': 'api',
    'dynalite (DynamoDB)': 'db',
    'S3 (s3rver)': 's3',
    'load generator': 'gen',
    'event runtime (conversion, render)': 'evt',
    'Chromium (PDF renders)': 'chr',
    [STEAL_NAME]: 'steal',
  };
  console.log(`\n   timeline (${windowMs / 1000}-s windows): all calls/s, saves, save p50/p99/max ms, % of one core by process`);
  const windows = new Map<number, Array<{ name: string; ms: number }>>();
  for (const c of rec.timeline) {
    const w = Math.floor((c.at - from) / windowMs);
    (windows.get(w) ?? windows.set(w, []).get(w)!).push(c);
  }
  for (const [w, calls] of [...windows].sort((a, b) => a[0] - b[0])) {
    const saves = calls.filter((c) => c.name === 'PUT /api/answer').map((c) => c.ms);
    const s = saves.length ? summarise(saves) : undefined;
    const max = saves.length ? Math.max(...saves) : 0;
    const order = Object.keys(short);
    const shares = [...cpu.between(from + w * windowMs, from + (w + 1) * windowMs)]
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
      .map(([name, share]) => `${short[name] ?? name} ${(share * 100).toFixed(0)}`)
      .join(' ');
    console.log(
      `   ${String(w * (windowMs / 1000)).padStart(4)}–${String((w + 1) * (windowMs / 1000)).padEnd(4)} s ${(calls.length / (windowMs / 1000)).toFixed(0).padStart(5)}/s  ${String(saves.length).padStart(4)} saves ${(s ? `${s.p50.toFixed(0).padStart(5)} ${s.p99.toFixed(0).padStart(5)} ${max.toFixed(0).padStart(5)}` : '').padEnd(18)} ${shares}`,
    );
  }
}

function printTailSplits(traces: readonly RequestTrace[]): void {
  console.log(`
   the slowest 1 % of calls, split by the client's and the stack's clocks (means; the clocks differ by about a millisecond)`);
  for (const [label, route] of [
    ['PUT /api/answer', 'PUT /api/answer'],
    ['every API call', undefined],
  ] as const) {
    const s = tailSplit(traces, lightRequestTimes, route);
    if (!s) continue;
    console.log(
      `   ${label.padEnd(16)} ${String(s.n).padStart(3)} calls of ${s.fromMs.toFixed(0)}–${s.toMs.toFixed(0)} ms: before the API process read them ${s.beforeMs.toFixed(1)} ms, inside it ${s.insideMs.toFixed(1)} ms, after (wire, client) ${s.afterMs.toFixed(1)} ms`,
    );
  }
}

/** The same phase as the stack saw it: time inside the API process per route, its event-loop lag, and CPU by process. */
async function printServerSide(baseUrl: string, seconds: number, used: ReadonlyArray<{ name: string; seconds: number; peakMb: number }>): Promise<void> {
  const res = await fetch(`${baseUrl}/_dev/metrics.json`);
  if (!res.ok) return;
  const m = (await res.json()) as { routes: Record<string, number[]>; traces: RequestTrace[]; eventLoopDelayMs: { p50: number; p99: number; max: number } };
  console.log(`\n   inside the stack process (request arrival → response written)`);
  const rec = new Recorder();
  for (const [route, samples] of Object.entries(m.routes)) rec.samples.set(route, samples);
  for (const line of table(rec, undefined, seconds)) console.log(`   ${line}`);
  console.log(`   stack event-loop delay: p50 ${m.eventLoopDelayMs.p50} ms, p99 ${m.eventLoopDelayMs.p99} ms, max ${m.eventLoopDelayMs.max} ms`);
  printTailSplits(m.traces);
  if (used.length) {
    console.log(`\n   CPU over the phase (${seconds.toFixed(0)} s × 2 cores = ${(seconds * 2).toFixed(0)} CPU-s available)`);
    for (const u of used) {
      const memory = u.peakMb ? `   peak RSS ${u.peakMb.toFixed(0).padStart(4)} MB${u.name.startsWith('Chromium') ? ' (largest process)' : ''}` : '';
      console.log(
        `   ${u.name.padEnd(38)} ${u.seconds.toFixed(1).padStart(7)} CPU-s  ${((u.seconds / seconds) * 100).toFixed(0).padStart(4)}% of one core${memory}`,
      );
    }
  }
}

const verdict = (ok: boolean) => (ok ? 'MET ' : 'MISSED');

export async function run(): Promise<void> {
  const stack = args.url ? undefined : await startChildStack({ warmRenderer: true });
  const baseUrl = args.url ?? stack!.url;
  const dynamodbEndpoint = args['dynamodb-endpoint'] ?? stack?.dynamodbEndpoint;
  if (!dynamodbEndpoint) throw new Error('--url needs --dynamodb-endpoint too (the audit reads the table directly)');
  const runId = Date.now().toString(36);
  const applicants: Applicant[] = Array.from({ length: N }, (_, index) => ({
    index,
    username: `load-${runId}-${index}@example.edu`,
    client: new ApiClient(baseUrl, { light: true }),
    sent: answersFor(index),
    saved: {},
    finished: false,
  }));
  const warm: Applicant = {
    index: N,
    username: `load-${runId}-warmup@example.edu`,
    client: new ApiClient(baseUrl, { light: true }),
    sent: answersFor(N),
    saved: {},
    finished: false,
  };
  const pdf = await onePagePdf();

  try {
    console.log(
      `\n== Load: ${N} applicants against ${baseUrl} (stack in its own process), think ${THINK_MS} ms mean, ramp ${RAMP_MS} ms, documents ${DOCUMENTS ? `on (PDF waited for up to ${PDF_POLL_DEADLINE_MS / 1000} s)` : 'off'} ==`,
    );

    const accounts = new Recorder();
    const t0 = performance.now();
    await pool(applicants, SIGNUP_CONCURRENCY, async (a) => {
      await createAccount(accounts, baseUrl, a).catch((error: unknown) => {
        if (!(error instanceof JourneyError)) accounts.fail('account', String(error));
      });
    });
    const accountSeconds = (performance.now() - t0) / 1000;
    console.log(
      `\n-- phase 1: accounts (${SIGNUP_CONCURRENCY} at a time; scrypt-bound) ${accountSeconds.toFixed(1)} s, ${(accounts.calls / accountSeconds).toFixed(1)} calls/s`,
    );
    for (const line of table(accounts, undefined, accountSeconds)) console.log(line);

    // One unmeasured journey first: loads every route's handler module and the PDF browser,
    // as provisioned Lambdas are warm before a deadline rush. Its calls are not in the figures.
    const warmRec = new Recorder();
    await createAccount(warmRec, baseUrl, warm)
      .then(() => journey(warmRec, warm, pdf))
      .catch(() => undefined);
    if (warmRec.errors.length) console.log(`\nwarm-up journey had errors (not counted): ${warmRec.errors.slice(0, 3).join('; ')}`);

    const ready = applicants.filter((a) => a.sub);
    const journeys = new Recorder();
    await fetch(`${baseUrl}/_dev/metrics.json`, { method: 'POST' });
    lightRequestTimes.clear();
    const cpu = new CpuMeter();
    // The generator's own lag: a client figure includes the time this process's loop was late.
    const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
    generatorLoop.enable();
    const t1 = performance.now();
    await Promise.all(
      ready.map(async (a, i) => {
        await sleep(RAMP_MS > 0 ? (i / ready.length) * RAMP_MS : 0);
        await journey(journeys, a, pdf).catch((error: unknown) => {
          if (!(error instanceof JourneyError)) journeys.fail('journey', String(error));
        });
      }),
    );
    const journeySeconds = (performance.now() - t1) / 1000;
    console.log(
      `\n-- phase 2: journeys, ${ready.length} at once: ${journeySeconds.toFixed(1)} s, ${journeys.calls} calls, ${(journeys.calls / journeySeconds).toFixed(1)} calls/s`,
    );
    for (const line of table(journeys, undefined, journeySeconds)) console.log(line);
    const used = cpu.stop();
    generatorLoop.disable();
    printTimeline(journeys, t1, cpu, Math.max(1000, Number(args.timeline)));
    await printServerSide(baseUrl, journeySeconds, used);
    const lag = (q: number) => (generatorLoop.percentile(q) / 1e6).toFixed(2);
    console.log(
      `   load generator event-loop delay (same 10-ms resolution): p50 ${lag(50)} ms, p99 ${lag(99)} ms, max ${(generatorLoop.max / 1e6).toFixed(2)} ms`,
    );

    const found = await audit(dynamodbEndpoint, [...applicants, warm]);
    console.log(`\n-- phase 3: audit of the answers table`);
    console.log(
      `answers checked and correct: ${found.stored}; lost: ${found.lost.length}; foreign or altered: ${found.foreign.length}; finished but not locked: ${found.unlocked.length}; items of unknown applicants: ${found.strangers}`,
    );
    for (const line of [...found.lost, ...found.foreign, ...found.unlocked].slice(0, 10)) console.log(`  ${line}`);

    const unfinished = ready.length - ready.filter((a) => a.finished).length;
    const errors = [...accounts.errors, ...journeys.errors];
    // A journey that stopped without a recorded error would hide a failure: count it anyway.
    if (unfinished > 0 && journeys.errors.length === 0) errors.push(`${unfinished} journeys did not finish`);
    if (ready.length < N && accounts.errors.length === 0) errors.push(`${N - ready.length} accounts were not created`);
    const saves = journeys.samples.get('PUT /api/answer') ?? [];
    const saveP99 = summarise(saves).p99;
    const finished = applicants.filter((a) => a.finished).length;
    console.log(
      `\n-- verdict (machine load average now ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on 2 cores; other work on the machine shows in the latencies)`,
    );
    console.log(
      `${verdict(errors.length === 0)}  zero errors: ${errors.length} (${finished}/${N} journeys finished; requests resent after the server closed an idle connection under them: ${resentOnClosedConnection.count})`,
    );
    for (const e of errors.slice(0, 10)) console.log(`        ${e}`);
    console.log(
      `${verdict(found.lost.length === 0 && found.foreign.length === 0 && found.strangers === 0 && found.unlocked.length === 0)}  zero lost or foreign answers`,
    );
    // Reported, not judged: every process of the stack shares this machine's cores (docs/performance.md).
    console.log(`        latency, no target: p99 PUT /api/answer ${saveP99.toFixed(1)} ms over ${saves.length} saves`);
  } finally {
    await stack?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
