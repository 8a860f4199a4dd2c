/**
 * `npm run bench -- web-page`: Lighthouse on one prerendered page only (BENCH_WEB_PAGE, default
 * /recommend; BENCH_WEB_RUNS runs, default 3; BENCH_WEB_LANGUAGE, default en), with the bundle figures and the element that was
 * the largest contentful paint. For working on one page's first paint without the whole
 * `web` suite; its figures are those `npm run bench -- web` prints for that page.
 */
import { INITIAL_BUDGET_KB, lighthouseScores, measureApp, printScores } from './web';

export async function run(): Promise<void> {
  const path = process.env.BENCH_WEB_PAGE ?? '/recommend';
  const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
  const language = process.env.BENCH_WEB_LANGUAGE ?? 'en';
  console.log(`\n== web-page: ${path}, Lighthouse mobile ×${runs} ==`);
  const app = await measureApp();
  console.log(`initial JavaScript ${app.initialKb.toFixed(1)} kB (budget ${INITIAL_BUDGET_KB} kB)`);
  for (const p of app.pages.filter((p) => /recommend/.test(p.name))) console.log(`  ${p.name}: adds ${p.addedKb.toFixed(1)} kB`);
  const { startChildStack } = await import('#test/support/child-stack');
  const stack = await startChildStack();
  try {
    printScores('local stack (gzip, as CloudFront)', await lighthouseScores(stack.url, [path], runs, language), runs);
  } finally {
    await stack.stop();
  }
}
