/**
 * An admin reads the dashboard in a real browser (issue 39, item 7): after an application is
 * submitted, the Dashboard in the console's navigation shows the cycle's counts, each chart with its
 * table; axe finds nothing on a desktop and a phone; the cycle is chosen and a table's CSV
 * downloaded with the keyboard alone, and the file holds the table's numbers.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff } from '../support/staff';
import { baseUrl, expectAccessible, PHONE, sessionContext, useBrowser } from './browser';

const browser = useBrowser();

async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with the keyboard: ${String(target)}`);
}

describe('the dashboard', () => {
  it('an admin reads the cycle’s numbers, each chart with its table, and downloads a table as CSV by keyboard', { timeout: 180_000 }, async () => {
    const a = await registeredApplicant(baseUrl());
    expect((await a.put('/api/answer', completeApplication())).status).toBe(200);
    expect((await a.post('/api/submit')).status).toBe(200);
    const admin = await signedInStaff(baseUrl(), undefined, 'admin');
    const { context, page } = await sessionContext(browser(), admin, { acceptDownloads: true });
    try {
      await page.goto('/staff/applications');
      await tabTo(page, page.getByRole('link', { name: 'Dashboard' }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: /^Dashboard: / }).waitFor();
      const stages = page.getByRole('table', { name: 'Applications at each stage' });
      const submitted = Number((await stages.getByRole('row', { name: /^Submitted \d+$/ }).textContent())?.replace(/\D/g, ''));
      expect(submitted).toBeGreaterThanOrEqual(1);
      expect(await page.locator('svg.dashboard-chart').count()).toBeGreaterThanOrEqual(6);
      await expectAccessible(page, 'the dashboard');

      const link = page.getByRole('link', { name: 'Download “Applications at each stage” as CSV' });
      await tabTo(page, link);
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toMatch(/^dashboard-.+-stages\.csv$/);
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv).toContain('Stage,Applications\r\n');
      expect(csv).toContain(`Submitted,${submitted}\r\n`);

      await page.setViewportSize(PHONE);
      await expectAccessible(page, 'the dashboard on a phone');
    } finally {
      await context.close();
    }
  });
});
