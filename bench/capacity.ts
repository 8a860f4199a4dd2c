/**
 * `npm run bench -- capacity`: what one applicant costs, measured. One full applicant journey
 * (two sittings: sign-up, three pages of answers saved as the app saves them, a png and a pdf
 * uploaded and converted, submit, the PDF rendered and downloaded) runs on the local stack with
 * counting proxies in front of dynalite and s3rver (bench/capacity-proxy.ts). Per route: requests,
 * DynamoDB read and write units, S3 requests and bytes, time; per event function: runs and
 * milliseconds. AWS list prices (bench/aws-prices.ts) turn them into the cost of 1,000 and of
 * 100,000 applicants. docs/capacity.md explains the model.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RENDER_SECONDS } from '#cdk/capacity';
import { routes } from '#lambdas/routes';
import { startStack } from '#local/stack';
import * as fixtures from '#test/fixtures/documents';
import { completeApplication } from '#test/support/answers';
import { ApiClient, latestMail, PASSWORD, uniqueEmail } from '#test/support/client';
import { PRICES, PRICES_AS_OF } from './aws-prices';
import { CountingProxies } from './capacity-proxy';

const ROOT = join(import.meta.dirname, '..');
/** Memory the stack gives each function (lib/api.ts, lib/documents.ts, lib/renderer.ts, lib/auth.ts). */
const API_MEMORY_GB = 0.5;
const EVENT_MEMORY_GB = 2;
const TRIGGER_MEMORY_GB = 0.25;

interface RouteTotals {
  requests: number;
  ms: number;
  responseBytes: number;
  readUnits: number;
  writeUnits: number;
  s3Writes: number;
  s3Reads: number;
  s3Bytes: number;
}

export interface Measured {
  perRoute: Map<string, RouteTotals>;
  jobs: { convert: number[]; render: number[] };
  events: { readUnits: number; writeUnits: number; s3Writes: number; s3Reads: number; s3Bytes: number };
  browserS3: { writes: number; reads: number; bytesIn: number; bytesOut: number };
  storedBytes: number;
  staticBytesPerLoad: number;
  staticRequestsPerLoad: number;
  appLoads: number;
  emails: number;
}

function gzippedWebBuild(): { bytes: number; files: number } {
  const dir = join(ROOT, 'web', 'dist');
  if (!existsSync(dir)) return { bytes: 0, files: 0 };
  let bytes = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(js|css|html|woff2)$/.test(e.name)) {
        bytes += /\.woff2$/.test(e.name) ? statSync(p).size : gzipSync(readFileSync(p)).length;
        files++;
      }
    }
  };
  walk(dir);
  return { bytes, files };
}

export async function measureJourney(): Promise<Measured> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-capacity-'));
  const proxies = new CountingProxies();
  const jobs = { convert: [] as number[], render: [] as number[] };
  const stack = await startStack({
    port: 0,
    dataDir,
    quiet: true,
    preloadHandlers: true,
    endpoints: async (real) => ({
      api: { dynamodb: await proxies.dynamodbProxy(real.dynamodb, 'api'), s3: await proxies.s3Proxy(real.s3, 'api') },
      events: { dynamodb: await proxies.dynamodbProxy(real.dynamodb, 'events'), s3: await proxies.s3Proxy(real.s3, 'events') },
    }),
    onJobDone: (job, ms, ok) => {
      if (ok) (job.kind === 'convert' ? jobs.convert : jobs.render).push(ms);
    },
  });
  const timings = new Map<string, { requests: number; ms: number; responseBytes: number }>();
  try {
    // Handlers load in the background at start; a journey measured during that would time compiling.
    await new Promise((r) => setTimeout(r, 3000));
    const username = uniqueEmail('capacity');
    const a = new ApiClient(stack.url);
    const call = async (method: string, path: string, body?: unknown, expected = 200) => {
      const route = routes.find((r) => r.method === method && new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path.split('?')[0]!));
      const name = route?.name ?? `${method} ${path}`;
      proxies.label = name;
      const started = performance.now();
      const res = await a.request(method, path, body);
      const t = timings.get(name) ?? { requests: 0, ms: 0, responseBytes: 0 };
      t.requests++;
      t.ms += performance.now() - started;
      t.responseBytes += JSON.stringify(res.body ?? '').length;
      timings.set(name, t);
      proxies.label = 'between calls';
      if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res;
    };
    /** What the app does when it loads for a signed-in applicant. */
    const appLoad = async () => {
      await call('GET', '/api/profile');
      await call('GET', '/api/tabs');
      await call('GET', '/api/add-another');
      await call('GET', '/api/document-answer');
    };
    const answers = completeApplication();
    const keys = Object.keys(answers);
    /** A page: answers saved as the applicant moves through it (the app saves changed answers on blur and on leaving the page). */
    const page = async (path: string, slice: string[]) => {
      for (let i = 0; i < slice.length; i += Math.ceil(slice.length / 6)) {
        await call('PUT', '/api/answer', Object.fromEntries(slice.slice(i, i + Math.ceil(slice.length / 6)).map((k) => [k, answers[k]])));
      }
      await call('PUT', '/api/last-page', { last_page: path });
    };
    const upload = async (key: string, bytes: Uint8Array, name: string) => {
      const presigned = (await call('POST', '/api/presigned-url', { answer_key: key })).body as { url: string; fields: Record<string, string> };
      proxies.label = 'browser → S3 (presigned POST)';
      proxies.eventsLabel = 'convertUpload';
      const form = new FormData();
      for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const posted = await fetch(presigned.url, { method: 'POST', body: form });
      await posted.arrayBuffer();
      await call('POST', `/api/pdf/document-answer/${key}`, { file_key: presigned.fields.key, file_name: name });
      // The app polls every 2 s until the conversion settles.
      for (let i = 0; i < 60; i++) {
        const status = (await call('GET', `/api/pdf/document-answer/${key}`)).body as { status: string };
        if (status.status !== 'UNPROCESSED' && status.status !== 'IN_PROGRESS') break;
        await new Promise((r) => setTimeout(r, 2000));
      }
      proxies.eventsLabel = 'idle';
    };

    // First sitting: sign up, two pages, one upload.
    await call('POST', '/public/signup', { username, password: PASSWORD });
    await call('POST', '/public/confirm', { username, code: (await latestMail(stack.url, username)).code });
    await call('POST', '/public/login', { username, password: PASSWORD });
    await appLoad();
    const third = Math.ceil(keys.length / 3);
    await page('/about', keys.slice(0, third));
    await page('/education-ug', keys.slice(third, 2 * third));
    await upload('resume', await fixtures.png(), 'resume.png');
    await call('GET', '/api/logout');

    // Second sitting: the last page, the transcript, checks, submit, the PDF.
    await call('POST', '/public/login', { username, password: PASSWORD });
    await appLoad();
    await page('/final-steps', keys.slice(2 * third));
    await upload('hs_transcript', await fixtures.pdf(['Transcript'], 2), 'transcript.pdf');
    await call('POST', '/api/validations', {});
    proxies.eventsLabel = 'renderPdf';
    await call('POST', '/api/submit');
    let pdfUrl: string | undefined;
    // The completion page polls every second until the PDF is ready.
    for (let i = 0; i < 120 && !pdfUrl; i++) {
      const pdf = (await call('GET', '/api/pdf')).body as { status: string; url: string | null };
      if (pdf.status === 'COMPLETED') pdfUrl = pdf.url ?? undefined;
      else await new Promise((r) => setTimeout(r, 1000));
    }
    if (!pdfUrl) throw new Error('the application PDF was not ready');
    proxies.label = 'browser → S3 (PDF download)';
    await (await fetch(pdfUrl)).arrayBuffer();
    proxies.eventsLabel = 'idle';
    await call('GET', '/api/logout');
  } finally {
    await stack.stop();
    await proxies.close();
  }

  const perRoute = new Map<string, RouteTotals>();
  for (const [name, t] of timings) perRoute.set(name, { ...t, readUnits: 0, writeUnits: 0, s3Writes: 0, s3Reads: 0, s3Bytes: 0 });
  const events = { readUnits: 0, writeUnits: 0, s3Writes: 0, s3Reads: 0, s3Bytes: 0 };
  const browserS3 = { writes: 0, reads: 0, bytesIn: 0, bytesOut: 0 };
  let storedBytes = 0;
  for (const d of proxies.dynamoCalls) {
    const target = perRoute.get(d.label) ?? (d.label === 'convertUpload' || d.label === 'renderPdf' ? events : undefined);
    if (!target) continue;
    target.readUnits += d.readUnits;
    target.writeUnits += d.writeUnits;
  }
  for (const s of proxies.s3Calls) {
    const isWrite = s.operation === 'PUT' || s.operation.startsWith('POST') || s.operation === 'LIST' || s.operation === 'DELETE';
    if (s.operation === 'PUT' || s.operation.startsWith('POST')) storedBytes += s.bytesIn;
    if (s.label.startsWith('browser')) {
      if (isWrite) browserS3.writes++;
      else browserS3.reads++;
      browserS3.bytesIn += s.bytesIn;
      browserS3.bytesOut += s.bytesOut;
      continue;
    }
    const target = perRoute.get(s.label) ?? (s.label === 'convertUpload' || s.label === 'renderPdf' ? events : undefined);
    if (!target) continue;
    if (isWrite) target.s3Writes++;
    else target.s3Reads++;
    target.s3Bytes += s.bytesIn + s.bytesOut;
  }
  const web = gzippedWebBuild();
  rmSync(dataDir, { recursive: true, force: true });
  return { perRoute, jobs, events, browserS3, storedBytes, staticBytesPerLoad: web.bytes, staticRequestsPerLoad: web.files, appLoads: 2, emails: 1 };
}

export interface Cost {
  item: string;
  perApplicant: number;
}

/**
 * In Lambda each render and conversion has a CPU of its own; on a shared two-core machine one
 * render can take a minute. The model then prices each at these durations (lib/capacity.ts uses
 * the same render time), with the polls the app makes while waiting scaled to match.
 */
export interface DurationModel {
  renderSeconds: number;
  convertSeconds: number;
}

/** The journey with event durations replaced by the model's, and the waiting polls with them. */
export function modelled(m: Measured, model: DurationModel): Measured {
  const perRoute = new Map(m.perRoute);
  const scale = (name: string, requests: number) => {
    const r = perRoute.get(name);
    if (!r) return;
    const f = requests / r.requests;
    perRoute.set(name, {
      ...r,
      requests,
      ms: r.ms * f,
      responseBytes: r.responseBytes * f,
      readUnits: r.readUnits * f,
      writeUnits: r.writeUnits * f,
      s3Reads: r.s3Reads * f,
      s3Writes: r.s3Writes * f,
      s3Bytes: r.s3Bytes * f,
    });
  };
  // The completion page polls every second; the file field every two.
  scale('applicationPdf', m.jobs.render.length * (Math.ceil(model.renderSeconds) + 1));
  scale('conversionStatus', m.jobs.convert.length * (Math.ceil(model.convertSeconds / 2) + 1));
  return {
    ...m,
    perRoute,
    jobs: { convert: m.jobs.convert.map(() => model.convertSeconds * 1000), render: m.jobs.render.map(() => model.renderSeconds * 1000) },
  };
}

/** Dollars per applicant, by service. */
export function costPerApplicant(m: Measured, lambdaSlowdown = 1): Cost[] {
  const routes = [...m.perRoute.values()];
  const apiRequests = routes.reduce((s, r) => s + r.requests, 0);
  const apiSeconds = routes.reduce((s, r) => s + r.ms, 0) / 1000;
  const convertSeconds = m.jobs.convert.reduce((s, v) => s + v, 0) / 1000;
  const renderSeconds = m.jobs.render.reduce((s, v) => s + v, 0) / 1000;
  const eventRuns = m.jobs.convert.length + m.jobs.render.length;
  const rcu = routes.reduce((s, r) => s + r.readUnits, 0) + m.events.readUnits;
  const wcu = routes.reduce((s, r) => s + r.writeUnits, 0) + m.events.writeUnits;
  const s3Writes = routes.reduce((s, r) => s + r.s3Writes, 0) + m.events.s3Writes + m.browserS3.writes;
  const s3Reads = routes.reduce((s, r) => s + r.s3Reads, 0) + m.events.s3Reads + m.browserS3.reads;
  const responseBytes = routes.reduce((s, r) => s + r.responseBytes, 0);
  const gb = 1024 ** 3;
  const P = PRICES;
  return [
    { item: 'Lambda requests', perApplicant: (apiRequests + eventRuns + m.emails) * P.lambda.perRequest },
    {
      item: 'Lambda GB-seconds',
      perApplicant:
        apiSeconds * lambdaSlowdown * API_MEMORY_GB * P.lambda.gbSecondArm +
        (convertSeconds + renderSeconds) * lambdaSlowdown * EVENT_MEMORY_GB * P.lambda.gbSecondX86 +
        m.emails * 0.05 * TRIGGER_MEMORY_GB * P.lambda.gbSecondArm,
    },
    { item: 'API Gateway (HTTP API)', perApplicant: apiRequests * P.apiGatewayHttpPerRequest },
    { item: 'DynamoDB on-demand', perApplicant: rcu * P.dynamodbOnDemand.perReadUnit + wcu * P.dynamodbOnDemand.perWriteUnit },
    {
      item: 'S3 (requests, 1 month of storage, PDF download)',
      perApplicant:
        s3Writes * P.s3Standard.perWriteRequest +
        s3Reads * P.s3Standard.perReadRequest +
        (m.storedBytes / gb) * P.s3Standard.storageGbMonth +
        (m.browserS3.bytesOut / gb) * P.s3Standard.transferOutGb,
    },
    {
      item: 'CloudFront (site and API through it)',
      perApplicant:
        (apiRequests + m.appLoads * m.staticRequestsPerLoad) * P.cloudfront.perHttpsRequest +
        ((responseBytes + m.appLoads * m.staticBytesPerLoad) / gb) * P.cloudfront.transferOutGb,
    },
    { item: 'SES (confirmation mail)', perApplicant: m.emails * P.ses.perEmail },
  ];
}

/** Cognito is priced per monthly active user, with a free allowance: not linear in applicants. */
export function cognitoCost(applicants: number, perMau: number = PRICES.cognito.perMauEssentials): number {
  return Math.max(0, applicants - PRICES.cognito.freeMau) * perMau;
}

const usd = (v: number) => (v < 0.01 ? `$${v.toFixed(6)}` : `$${v.toFixed(2)}`);

export async function run(): Promise<void> {
  console.log('\n== capacity: one applicant journey, measured per route, priced ==');
  const m = await measureJourney();
  console.log(
    `${'route'.padEnd(24)} ${'req'.padStart(4)} ${'ms/req'.padStart(7)} ${'RCU'.padStart(6)} ${'WCU'.padStart(6)} ${'S3 w'.padStart(5)} ${'S3 r'.padStart(5)} ${'S3 KB'.padStart(7)}`,
  );
  const rows = [...m.perRoute.entries()].sort((x, y) => y[1].requests - x[1].requests);
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(24)} ${String(r.requests).padStart(4)} ${(r.ms / r.requests).toFixed(0).padStart(7)} ${r.readUnits.toFixed(1).padStart(6)} ${r.writeUnits.toFixed(1).padStart(6)} ${String(r.s3Writes).padStart(5)} ${String(r.s3Reads).padStart(5)} ${(r.s3Bytes / 1024).toFixed(0).padStart(7)}`,
    );
  }
  const total = rows.reduce((s, [, r]) => s + r.requests, 0);
  console.log(`${'(all API requests)'.padEnd(24)} ${String(total).padStart(4)}`);
  console.log(
    `${'event functions'.padEnd(24)} conversions ${m.jobs.convert.map((v) => v.toFixed(0)).join(', ')} ms; renders ${m.jobs.render.map((v) => v.toFixed(0)).join(', ')} ms; RCU ${m.events.readUnits.toFixed(1)} WCU ${m.events.writeUnits.toFixed(1)}; S3 ${m.events.s3Writes} writes ${m.events.s3Reads} reads ${(m.events.s3Bytes / 1024).toFixed(0)} KB`,
  );
  console.log(
    `${'browser ↔ S3'.padEnd(24)} ${m.browserS3.writes} uploads ${(m.browserS3.bytesIn / 1024).toFixed(0)} KB, ${m.browserS3.reads} downloads ${(m.browserS3.bytesOut / 1024).toFixed(0)} KB; stored ${(m.storedBytes / 1024).toFixed(0)} KB`,
  );
  console.log(
    `${'web build (gzip)'.padEnd(24)} ${(m.staticBytesPerLoad / 1024).toFixed(0)} KB in ${m.staticRequestsPerLoad} files per cold load, ${m.appLoads} loads`,
  );

  console.log(`\nCost (AWS list prices ${PRICES_AS_OF}):`);
  const model = { renderSeconds: RENDER_SECONDS, convertSeconds: 2 };
  const scenarios: Array<[string, Measured]> = [
    ['as measured on this machine', m],
    [`model: a render ${model.renderSeconds} s, a conversion ${model.convertSeconds} s (their own CPU in Lambda), API time as measured`, modelled(m, model)],
  ];
  for (const [title, measured] of scenarios) {
    const costs = costPerApplicant(measured);
    console.log(`\n  ${title}: ${[...measured.perRoute.values()].reduce((t, r) => t + r.requests, 0)} API requests per applicant`);
    console.log(`  ${'service'.padEnd(48)} ${'1,000'.padStart(12)} ${'100,000'.padStart(12)}`);
    for (const c of costs) console.log(`  ${c.item.padEnd(48)} ${usd(c.perApplicant * 1000).padStart(12)} ${usd(c.perApplicant * 100_000).padStart(12)}`);
    for (const [tier, perMau] of [
      ['Essentials', PRICES.cognito.perMauEssentials],
      ['Lite', PRICES.cognito.perMauLite],
    ] as const) {
      console.log(
        `  ${`Cognito MAUs (${tier}; ${PRICES.cognito.freeMau.toLocaleString('en')} free)`.padEnd(48)} ${usd(cognitoCost(1000, perMau)).padStart(12)} ${usd(cognitoCost(100_000, perMau)).padStart(12)}`,
      );
    }
    const sum = costs.reduce((s, c) => s + c.perApplicant, 0);
    console.log(`  ${'total without Cognito'.padEnd(48)} ${usd(sum * 1000).padStart(12)} ${usd(sum * 100_000).padStart(12)}`);
  }
}
