/**
 * Document conversion and the application PDF, in process (no HTTP, no storage): cold (first
 * call, Chromium launched inside it) and warm per type, beside a bare Chromium print of the
 * same HTML in the same run. Targets (printed, not asserted): image ≤ 300 ms, docx ≤ 1 s,
 * application with three documents ≤ 2 s warm, a 1 MB decompression bomb refused in ≤ 500 ms.
 *
 * Then the web app's service view, as the render job prints it (a local stack in its own
 * process serves the app and its data): in the kept tab, beside the same print in a fresh
 * browser context each time (what every print did before the kept tab), with Chromium's CPU.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { printApplication, PRINT_READY_SELECTOR, PRINT_ROOT_SELECTOR } from '#adapters/renderer/application';
import { getBrowser, closeBrowser } from '#adapters/renderer/browser';
import { printHtml, printSitePage, LETTER_PDF } from '#adapters/renderer/print';
import { issueToken } from '#adapters/store/tokens-store';
import { applicationHtml, assembleApplicationPdf, convertToPdf } from '#domain/documents';
import { docxToHtml } from '#domain/documents/docx-html';
import { setConfig } from '#lambdas/config';
import { docxBomb, pdfBomb, pngBomb } from '#test/fixtures/bombs';
import * as fixtures from '#test/fixtures/documents';
import { completeApplication } from '#test/support/answers';
import { startChildStack } from '#test/support/child-stack';
import { registeredApplicant } from '#test/support/client';
import { serviceViewUrl } from '#wiring/render';
import { CpuMeter } from './cpu';
import { ms, report, summarise, time } from './stats';

const WARM_RUNS = Number(process.env.BENCH_DOC_RUNS) || 10;

function target(label: string, p50: number, budgetMs: number): string {
  return `${label.padEnd(44)} warm p50 ${ms(p50).padStart(10)}  target ≤ ${budgetMs} ms  ${p50 <= budgetMs ? 'met' : 'MISSED'}`;
}

async function cold(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** The baseline: a page of the shared browser, the HTML set, printed; no context, no guard. */
async function barePrint(html: string): Promise<void> {
  const page = await (await getBrowser()).newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    await page.pdf(LETTER_PDF);
  } finally {
    await page.close();
  }
}

export async function run(): Promise<void> {
  console.log('\n== documents: conversion and application PDF (in process) ==');
  const inputs = {
    png: { bytes: await fixtures.png(1600, 1200), name: 'scan.png', budget: 300 },
    jpeg: { bytes: await fixtures.rotatedJpeg(1600, 1200), name: 'photo.jpg', budget: 300 },
    pdf: { bytes: await fixtures.pdf(['A transcript line'], 3), name: 'transcript.pdf', budget: 300 },
    docx: { bytes: fixtures.docx(['Resume', ...Array.from({ length: 40 }, (_, i) => `Experience line ${i + 1}`)]), name: 'resume.docx', budget: 1000 },
  };
  const convert = (k: keyof typeof inputs) => convertToPdf(inputs[k].bytes, (h) => printHtml(h), inputs[k].name);

  await closeBrowser();
  const lines: string[] = [];
  for (const k of Object.keys(inputs) as Array<keyof typeof inputs>) {
    const first = await cold(() => convert(k));
    const warm = summarise(await time(() => convert(k), WARM_RUNS, 2));
    lines.push(`${`convert ${k}`.padEnd(44)} cold ${ms(first).padStart(10)}`);
    lines.push(target(`convert ${k}`, warm.p50, inputs[k].budget));
  }

  // Bombs of about 1 MB that inflate to about 1 GB (400 megapixels for the image): refused before parsing.
  const bombs = [
    ['a docx bomb', docxBomb(), 'essay.docx'],
    ['a PDF object-stream bomb', pdfBomb('object stream'), 'transcript.pdf'],
    ['a 20000 × 20000 PNG', pngBomb(), 'scan.png'],
  ] as const;
  for (const [label, bytes, name] of bombs) {
    const refuse = () =>
      convertToPdf(bytes, (h) => printHtml(h), name).then(
        () => Promise.reject(new Error(`${label} was converted`)),
        (e: unknown) => e,
      );
    lines.push(target(`refuse ${label}`, summarise(await time(refuse, WARM_RUNS, 1)).p50, 500));
  }

  const docxHtml = await docxToHtml(inputs.docx.bytes, 'resume.docx');
  const bare = summarise(await time(() => barePrint(docxHtml), WARM_RUNS, 2));
  const guarded = summarise(await time(() => printHtml(docxHtml), WARM_RUNS, 2));
  lines.push(report('bare Chromium print of the docx HTML', bare));
  lines.push(report('guarded print (context + request guard)', guarded, bare));

  const converted = await Promise.all([convert('png'), convert('pdf'), convert('docx')]);
  const printable = {
    answers: completeApplication(),
    tabs: {},
    addAnother: {},
    documents: { hs_transcript: { file_name: 'transcript.pdf' }, resume: { file_name: 'resume.docx' } },
  };
  const application = async () => {
    const printed = await printApplication({ serviceViewUrl: undefined, fallbackHtml: () => applicationHtml(printable), applicantName: 'Ada Lovelace' });
    return assembleApplicationPdf(
      printed.pdf,
      converted.map((c, i) => ({ label: `doc${i}`, pdf: c.pdf })),
    );
  };
  await closeBrowser();
  const appCold = await cold(application);
  const appWarm = summarise(await time(application, WARM_RUNS, 2));
  const appBare = summarise(await time(() => barePrint(applicationHtml(printable)), WARM_RUNS, 2));
  lines.push(`${'application PDF + 3 documents'.padEnd(44)} cold ${ms(appCold).padStart(10)}`);
  lines.push(target('application PDF + 3 documents', appWarm.p50, 2000));
  lines.push(report('application PDF vs bare print of its HTML', appWarm, appBare));
  await closeBrowser();
  for (const line of lines) console.log(line);
  await serviceViewPrints();
}

/** The baseline: the service view printed in a browser context of its own, closed after. */
async function printInFreshContext(url: string): Promise<void> {
  const context = await (await getBrowser()).createBrowserContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector(PRINT_READY_SELECTOR, { timeout: 10_000 });
    await page.emulateMediaType('print');
    await page.pdf(LETTER_PDF);
  } finally {
    await context.close();
  }
}

/** Wall time per print and Chromium's CPU per print (all its processes, ended ones included). */
async function measurePrints(print: () => Promise<unknown>): Promise<{ wall: ReturnType<typeof summarise>; cpuMs: number }> {
  for (let i = 0; i < 2; i++) await print();
  const meter = new CpuMeter();
  const wall = summarise(await time(print, WARM_RUNS, 0));
  const chromium = meter.stop().find((c) => c.name.startsWith('Chromium'))?.seconds ?? NaN;
  return { wall, cpuMs: (chromium * 1000) / WARM_RUNS };
}

async function serviceViewPrints(): Promise<void> {
  const root = join(import.meta.dirname, '..');
  if (!existsSync(join(root, 'web', 'dist', 'index.html'))) execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: 'ignore' });
  // The stack starts no Chromium of its own (startChildStack's default), so every Chromium process measured is this benchmark's.
  const stack = await startChildStack();
  try {
    const applicant = await registeredApplicant(stack.url);
    await applicant.put('/api/answer', completeApplication());
    const sub = applicant.subject;
    // Service tokens are written straight into the stack's table, as the render job does.
    setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint, s3Endpoint: stack.s3Endpoint });
    const viewUrl = async () => serviceViewUrl(stack.url, await issueToken({ kind: 'service', sub }, 60)) as string;
    const options = { readySelector: PRINT_READY_SELECTOR, rootSelector: PRINT_ROOT_SELECTOR, rootTimeoutMs: 3000, readyTimeoutMs: 10_000 };

    await closeBrowser();
    const fresh = await measurePrints(async () => printInFreshContext(await viewUrl()));
    const kept = await measurePrints(async () => {
      const capture = await printSitePage(await viewUrl(), options);
      if (!capture.ready) throw new Error('the service view did not render');
    });
    console.log(report('service view, fresh context per print', fresh.wall));
    console.log(report('service view, kept tab (wiped between)', kept.wall, fresh.wall));
    console.log(
      `${'Chromium CPU per print: kept / fresh'.padEnd(44)} ${ms(kept.cpuMs).padStart(10)} / ${ms(fresh.cpuMs)}  ratio ${(kept.cpuMs / fresh.cpuMs).toFixed(2)}×`,
    );
  } finally {
    await closeBrowser();
    await stack.stop();
  }
}
