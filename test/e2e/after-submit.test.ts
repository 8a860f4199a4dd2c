/**
 * Before and after submitting, as an applicant sees it: the review page (every answer, each with
 * a Change link that lands on its question), then Submit → the status page with the reference,
 * the checklist in each of its states, a material added after submission, and the confirmation
 * e-mail. Accessible (axe), keyboard-operable, and 320 px wide without horizontal scrolling.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { png } from '../fixtures/documents';
import { completeApplication } from '../support/answers';
import { baseUrl, DESKTOP, expectAccessible, loggedInContext, SETTLE, useBrowser } from './browser';

const browser = useBrowser();
const NARROW = { width: 320, height: 720 };

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('review your answers', () => {
  it('lists every answer with a Change link per question that lands on it, by keyboard, at 320 px', async () => {
    const { context, page } = await loggedInContext(browser(), NARROW, 'review');
    expect((await page.request.put('/api/answer', { data: { first_name: 'Ada', last_name: 'Lovelace' } })).status()).toBe(200);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: '1. About You' }).waitFor();
    await expect.poll(async () => ((await (await page.request.get('/api/profile')).json()) as { last_page: string }).last_page, SETTLE).toBe('/about');
    // Opened by its address, the review page is not resumed away to the last page.
    await page.goto('/review');
    await page.getByRole('heading', { level: 1, name: 'Review your answers' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/review');
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: '1. About You' }).waitFor();
    await page.getByRole('link', { name: 'Review your answers' }).first().click();
    await page.waitForURL('**/review');
    await page.getByRole('heading', { level: 1, name: 'Review your answers' }).waitFor();
    for (const name of ['1. About You', '2. Your Academics', '3. Final Steps']) await page.getByRole('heading', { level: 2, name }).waitFor();
    const row = page.locator('.review__row').filter({ has: page.getByText('Last Name', { exact: true }) });
    await expect.poll(() => row.locator('dd').first().textContent()).toBe('Lovelace');
    await page.getByText('No document attached').first().waitFor();
    await page.getByRole('button', { name: 'Submit application' }).waitFor();
    await expectAccessible(page, 'the review page');
    expect(await fitsWidth(page)).toBe(true);

    // Keyboard only: the Change link takes focus and Enter follows it to the question, focused.
    const change = page.getByRole('link', { name: 'Change Last Name' });
    expect(await change.getAttribute('href')).toBe('/about#last_name');
    await change.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about#last_name');
    await page.waitForFunction(() => document.activeElement?.id === 'last_name');
    expect(await page.locator('#last_name').inputValue()).toBe('Lovelace');
    await context.close();
  }, 60_000);
});

describe('the status page after submitting', () => {
  it('shows the reference and the checklist in each state, takes a material after submission, and the e-mail carries the reference', async () => {
    const { context, page, email } = await loggedInContext(browser(), DESKTOP, 'status');
    expect((await page.request.put('/api/answer', { data: { ...completeApplication(), test_optional: 'N', test_optional_desc: 'No' } })).status()).toBe(200);
    expect((await page.request.put('/api/tabs', { data: { tab_id: 'transcript_source', chosen_tab: 'counselor' } })).status()).toBe(200);
    await page.goto('/final-steps');
    await page.getByRole('heading', { level: 1, name: '3. Final Steps' }).waitFor();
    // The last page suggests reviewing before submitting.
    await page.locator('.review-suggestion').getByRole('link', { name: 'Review your answers' }).click();
    await page.waitForURL('**/review');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL('**/completion');

    await page.getByRole('heading', { level: 1, name: 'Application received' }).waitFor();
    const profile = (await (await page.request.get('/api/profile')).json()) as { reference: string };
    await page.getByText(`Your application reference is ${profile.reference}.`).waitFor();
    await page.getByText(/was received on \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/).waitFor();

    const item = (name: string) => page.locator('.materials__item').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await item('High school transcript').getByText('Awaiting').waitFor();
    await item('High school transcript').getByText('Your counselor will send it.').waitFor();
    await item('Official test scores (SAT or ACT)').getByText('Not required').waitFor();
    await item('Résumé').getByText('Not required').waitFor();
    await expectAccessible(page, 'the status page: awaiting and not required');

    // A material accepted after submission: the résumé, through the same upload and conversion.
    await page.getByLabel('Add your résumé').setInputFiles({ name: 'cv.png', mimeType: 'image/png', buffer: Buffer.from(await png()) });
    await item('Résumé')
      .getByText(/^Received \w+ \d{1,2}, \d{4}$/)
      .waitFor({ timeout: 30_000 });
    await item('Résumé').getByText('cv.png').waitFor();
    await expectAccessible(page, 'the status page: received');

    await page.setViewportSize(NARROW);
    await expectAccessible(page, 'the status page at 320 px');
    expect(await fitsWidth(page)).toBe(true);

    // The confirmation e-mail, once, with the same reference.
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${baseUrl()}/_dev/mail.json`)).json()) as Array<{ to: string; subject: string; text: string }>;
        return mails.filter((m) => m.to === email && m.subject.includes('application received')).map((m) => m.text.includes(profile.reference));
      }, SETTLE)
      .toEqual([true]);
    await context.close();
  }, 90_000);
});
