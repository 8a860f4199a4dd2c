import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe over what is on the page now (jsdom): every rule that does not need layout. Contrast and
 * the like need a real browser; the e2e journeys run axe whole in Chromium.
 */
export async function expectNoAxeViolations(what: string, root: Element = document.body): Promise<void> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, `axe violations on ${what}`).toEqual([]);
}
