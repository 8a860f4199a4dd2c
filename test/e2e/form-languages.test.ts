/**
 * Issue 41, the form pages: a signed-in applicant who reads Spanish fills About You with a wrong
 * phone number and submits; the error summary takes focus and says what to fix in Spanish, under
 * the page's Spanish name, as the field does; axe finds nothing. In Arabic the same page reads
 * right to left with its summary in Arabic. The office's words (the server's) stay English.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, loggedInContext, PHONE, SETTLE, shot, useBrowser } from './browser';

const browser = useBrowser();

describe('the form pages in Spanish and Arabic', () => {
  it('a Spanish applicant meets their errors in Spanish with focus on the summary; in Arabic the page is right to left', { timeout: 180_000 }, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await loggedInContext(browser(), viewport, 'form-es');
      // A step that fails says which (rather than the test's own time running out).
      page.setDefaultTimeout(20_000);
      // The switcher's remembered choice (web/src/lib/i18n.tsx): this applicant chose Español before.
      await context.addInitScript(() => localStorage.setItem('language', 'es'));
      await page.goto('/about');
      await page.getByRole('heading', { level: 1, name: '1. Sobre usted' }).waitFor();
      expect(await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }))).toEqual({ lang: 'es', dir: 'ltr' });

      await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ana');
      await page.getByRole('textbox', { name: /^Teléfono de casa/ }).fill('123');
      await page.getByRole('navigation', { name: 'Páginas de la solicitud' }).getByRole('button', { name: 'Enviar' }).click();

      const summary = page.getByRole('alert').filter({ hasText: '¡Falta información!' });
      await summary.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary') ?? false), SETTLE).toBe(true);
      expect(await summary.textContent()).toContain('1. Sobre usted:');
      expect(await summary.getByRole('link', { name: 'Ingrese un número de teléfono de casa válido.' }).count()).toBe(1);
      // The field says it too, and its input names the message (aria-describedby).
      const phone = page.getByRole('textbox', { name: /^Teléfono de casa/ });
      expect(await phone.getAttribute('aria-invalid')).toBe('true');
      const described = (await phone.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`#${described.split(' ').find((id) => id.endsWith('-error'))}`).textContent()).toContain(
        'Ingrese un número de teléfono de casa válido.',
      );
      await expectAccessible(page, `/about in Spanish with its errors at ${viewport.width}px`);
      await shot(page, `form-es-errors-${viewport.width}`);

      await page.getByRole('button', { name: 'العربية' }).click();
      await page.getByRole('heading', { level: 1, name: '1. معلومات عنك' }).waitFor();
      expect(await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }))).toEqual({ lang: 'ar', dir: 'rtl' });
      await page.getByRole('alert').filter({ hasText: 'تنقصنا بعض المعلومات!' }).waitFor();
      expect(await page.getByText('يُرجى إدخال رقم هاتف منزل صحيح.').count()).toBeGreaterThan(0);
      // Right to left: a field's label starts at the form's right-hand edge.
      const label = await page.locator('label[for="first_name"]').boundingBox();
      const main = await page.locator('#main').boundingBox();
      expect(label!.x + label!.width).toBeGreaterThan(main!.x + main!.width / 2);
      await expectAccessible(page, `/about in Arabic with its errors at ${viewport.width}px`);
      await shot(page, `form-ar-errors-${viewport.width}`);
      await context.close();
    }
  });
});
