/**
 * Document conversion and the application PDF, in process (no HTTP, no storage): cold (first
 * call, Chromium launched inside it) and warm per type, beside a bare Chromium print of the
 * same HTML in the same run. Targets (printed, not asserted): image ≤ 300 ms, docx ≤ 1 s,
 * application with three documents ≤ 2 s warm.
 */
import { getBrowser, closeBrowser } from '../lambdas/adapters/renderer/browser';
import { printHtml, LETTER_PDF } from '../lambdas/adapters/renderer/print';
import { printApplication } from '../lambdas/adapters/renderer/application';
import { applicationHtml, assembleApplicationPdf, convertToPdf } from '../lambdas/domain/documents';
import { docxToHtml } from '../lambdas/domain/documents/docx-html';
import * as fixtures from '../test/fixtures/documents';
import { completeApplication } from '../test/support/answers';
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
}
