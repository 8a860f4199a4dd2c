/**
 * axe-core run inside the page under test. @axe-core/playwright's `analyze()` injected the
 * 1.3 MB source again on every call and finished each run in a fresh blank page: about 5 s a
 * check on two cores, against about 2 s here (the minified build, injected once per document,
 * then `axe.run`; docs/performance.md). Our pages have no frames, which is what its per-frame
 * machinery is for.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 A and AA, the level the product promises. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe over `include` (a CSS selector; the whole document without one), with `options`. */
export async function runAxe(page: Page, options: RunOptions, include?: string): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ([opts, selector]) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
      return axe.run(selector ? { include: [[selector]] } : document, opts);
    },
    [options, include] as const,
  );
}
