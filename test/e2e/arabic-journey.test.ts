/**
 * Issue 41: an Arabic applicant's pages, searched for words left in English. Arabic shares no
 * letters with English, so a Latin word on an Arabic page is either marked as another language
 * (an ancestor's `lang`), the applicant's own data, or text nobody translated.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arCatalog from '../../form/i18n/catalogs/ar.json';
import { appRunning, baseUrl, DESKTOP, expectAccessible, loggedInContext, newPage, PHONE, shot, useBrowser } from './browser';
import { latinWordsIn } from './words-left';

const browser = useBrowser();
const ar = arCatalog as Record<string, string>;

/** Presses Tab until `reached` holds for the focused element (at most `limit` presses). */
async function tabUntil(page: Page, what: string, reached: (arg: string) => boolean, arg = '', limit = 250): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(reached, arg)) return;
  }
  throw new Error(`the keyboard never reached ${what}`);
}

/** The choice as the switcher leaves it: the cookie the prerendered pages are chosen by, and the browser's memory. */
async function inArabic(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'language', value: 'ar', url: baseUrl() }]);
  await context.addInitScript(() => localStorage.setItem('language', 'ar'));
}

/** The app runs in Arabic (browser.ts's appRunning: `lang`, the catalog's title), nothing is loading, and the network is quiet. */
async function settled(page: Page): Promise<void> {
  await appRunning(page, 'ar');
  await page.waitForFunction(() => document.querySelector('.spinner-screen') === null);
  await page.waitForLoadState('networkidle');
}

describe('an Arabic applicant', () => {
  it('finds no English left on the pages', { timeout: 240_000 }, async () => {
    const report: Record<string, string[]> = {};
    const anonymous = await newPage(browser(), DESKTOP);
    await inArabic(anonymous.context);
    for (const path of ['/about', '/signup', '/login', '/forgot-password', '/help', '/privacy']) {
      await anonymous.page.goto(path);
      await settled(anonymous.page);
      report[`anonymous ${path}`] = await latinWordsIn(anonymous.page, 'ar');
    }
    await anonymous.context.close();
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'arabic');
    await inArabic(context);
    for (const path of ['/about', '/education-ug', '/final-steps', '/review', '/account', '/account/messages']) {
      await page.goto(path);
      await settled(page);
      report[path] = await latinWordsIn(page, 'ar');
    }
    await context.close();
    const left = Object.entries(report).flatMap(([where, texts]) => texts.map((text) => `${where}: ${text}`));
    expect(left).toEqual([]);
  });

  it('goes through About You by keyboard alone, right to left, and the error summary takes focus in Arabic', { timeout: 180_000 }, async () => {
    const { context, page } = await loggedInContext(browser(), PHONE, 'arabic-keys');
    await inArabic(context);
    await page.goto('/about');
    await settled(page);
    // The first Tab is the skip link; Enter takes the keyboard past the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(ar['shell.skipLink']);
    await page.keyboard.press('Enter');
    await tabUntil(page, 'the first name', () => document.activeElement?.id === 'first_name');
    await page.keyboard.type('ليلى');
    // On to the navigation's Submit, pressed with Enter.
    const submit = ar['nav.submit'];
    await tabUntil(page, 'Submit', (name) => document.activeElement?.tagName === 'BUTTON' && document.activeElement.textContent?.trim() === name, submit);
    await page.keyboard.press('Enter');
    const summary = page.getByRole('alert').filter({ hasText: ar['form.ui.summaryTitle'] });
    await summary.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary') ?? false)).toBe(true);
    // The answer typed by keyboard is kept, and the page reads right to left.
    expect(await page.locator('#first_name').inputValue()).toBe('ليلى');
    const label = await page.locator('label[for="first_name"]').boundingBox();
    expect(label!.x + label!.width).toBeGreaterThan(PHONE.width / 2);
    await expectAccessible(page, '/about in Arabic with its errors, by keyboard');
    await shot(page, 'arabic-keyboard-errors-375');
    await context.close();
  });
});
