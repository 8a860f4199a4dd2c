/**
 * Issue 41: a visitor chooses Español, then العربية, on the welcome page with the keyboard; the
 * page's words change, Arabic reads right to left, axe finds nothing in either language, and the
 * choice is still there after a reload. A first visit follows the browser's languages.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appRunning, baseUrl, DESKTOP, expectAccessible, newPage, PHONE, shot, useBrowser } from './browser';

const browser = useBrowser();

/** Tabs from where focus is until `name`'s button in the language switcher has it (at most 12 presses). */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((n) => document.activeElement?.closest('.language-switcher') != null && document.activeElement?.textContent === n, name)) return;
  }
  throw new Error(`the keyboard never reached "${name}"`);
}

const documentLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
const welcome = (page: Page) => page.locator('#welcome-title');

describe('the applicant chooses a language', () => {
  it('Español then العربية by keyboard on the welcome page: the words, lang and dir follow, axe passes, and the choice survives a reload', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await newPage(browser(), viewport);
      await page.goto('/about');
      await appRunning(page);
      await expect.poll(() => welcome(page).textContent()).toMatch(/^Welcome to the /);

      await tabTo(page, 'Español');
      await page.keyboard.press('Enter');
      await expect.poll(() => welcome(page).textContent()).toMatch(/^Le damos la bienvenida a /);
      expect(await documentLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
      expect(await page.getByRole('button', { name: 'Español' }).getAttribute('aria-current')).toBe('true');
      expect(await page.getByRole('link', { name: 'Inicie sesión' }).count()).toBe(1);
      expect(await page.title()).toMatch(/\| Solicitud$/);
      await expectAccessible(page, `/about in Spanish at ${viewport.width}px`);
      await shot(page, `languages-es-${viewport.width}`);

      // Focus stays on the switcher: the next language is one Tab on.
      await tabTo(page, 'العربية');
      await page.keyboard.press('Enter');
      await expect.poll(() => welcome(page).textContent()).toMatch(/^مرحبًا بك في /);
      expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      // Right to left: the header's brand sits at the right-hand edge.
      const brand = await page.locator('.site-header__brand').boundingBox();
      expect(brand!.x + brand!.width).toBeGreaterThan(viewport.width / 2);
      await expectAccessible(page, `/about in Arabic at ${viewport.width}px`);
      await shot(page, `languages-ar-${viewport.width}`);

      await page.reload();
      await expect.poll(() => welcome(page).textContent()).toMatch(/^مرحبًا بك في /);
      expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      expect(await page.getByRole('button', { name: 'العربية' }).getAttribute('aria-current')).toBe('true');
      await context.close();
    }
  });

  it("a first visit follows the browser's languages, on the sign-in card too", async () => {
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: DESKTOP, locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('Indique una dirección de correo electrónico válida.').waitFor();
    await expectAccessible(page, '/login in Spanish with its errors');
    await context.close();
  });
});
