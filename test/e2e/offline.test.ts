/**
 * Faults and attacks seen from the browser: the network drops mid-save, and markup typed into
 * an answer is shown as text without running.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, newPage, signUpAndLogIn, uniqueEmail, useBrowser } from './browser';

const browser = useBrowser();

/** The answers the server holds, read with the page's own session cookies. */
async function serverAnswers(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get(`${baseUrl()}/api/profile`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { answer: Record<string, string> }).answer;
}

describe('losing the network mid-save', () => {
  it('keeps what was typed, tells the applicant, and saves it by itself once back online', async () => {
    const { context, page } = await newPage(browser());
    await signUpAndLogIn(page, uniqueEmail('offline'));
    const firstName = page.getByLabel('First Name', { exact: true }).first();
    await firstName.fill('Offline Ada');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save and continue' }).first().click();
    // The save is queued: the applicant is told, and the page and the answer stay.
    await page.getByText("You're offline. Your answers are kept and will be saved as soon as you're back online.").first().waitFor();
    expect(page.url()).toMatch(/\/about$/);
    expect(await firstName.inputValue()).toBe('Offline Ada');
    await expectAccessible(page, 'the offline notice');

    await context.setOffline(false);
    // No click needed: react-query resumes the paused save when the browser is online again.
    await page.getByText("You're back online and your answers have been saved.").first().waitFor();
    expect((await serverAnswers(page)).first_name).toBe('Offline Ada');
    expect(page.url()).toMatch(/\/about$/);
    await context.close();
  });

  it('keeps the answer and shows the generic error when the server cannot be reached while online', async () => {
    const { context, page } = await newPage(browser());
    await signUpAndLogIn(page, uniqueEmail('unreachable'));
    const firstName = page.getByLabel('First Name', { exact: true }).first();
    await firstName.fill('Kept Ada');
    await page.route('**/api/answer', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Save and continue' }).first().click();
    await page.getByText("We've encountered an unexpected error at this time. Please try again later.").first().waitFor();
    expect(await firstName.inputValue()).toBe('Kept Ada');
    await page.unroute('**/api/answer');
    await page.getByRole('button', { name: 'Save and continue' }).first().click();
    await page.waitForURL('**/education-ug');
    expect((await serverAnswers(page)).first_name).toBe('Kept Ada');
    await context.close();
  });
});

describe('script typed into an answer', () => {
  it('is shown as text after a reload and never runs', async () => {
    const { context, page } = await newPage(browser());
    await signUpAndLogIn(page, uniqueEmail('xss'));
    const payload = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;
    const firstName = page.getByLabel('First Name', { exact: true }).first();
    await firstName.fill(payload.slice(0, 45));
    const city = page.getByLabel('City', { exact: true }).first();
    await city.fill(`<svg onload="window.__pwned=3">`);
    await page.getByRole('button', { name: 'Save and continue' }).first().click();
    await page.waitForURL('**/education-ug');
    await page.goto('/about');
    await page.reload();
    // A full load resumes at the stored last page: /education-ug once the app has
    // recorded that visit, which may land before or after this reload. The left navigation
    // brings the applicant back to About You either way, with the answers as the server sent them.
    await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: '1. About You' }).click();
    await page.waitForURL('**/about');
    expect(await page.getByLabel('First Name', { exact: true }).first().inputValue()).toBe(payload.slice(0, 45));
    expect(await page.getByLabel('City', { exact: true }).first().inputValue()).toBe(`<svg onload="window.__pwned=3">`);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
    await context.close();
  });
});
