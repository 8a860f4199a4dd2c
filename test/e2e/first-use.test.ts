/**
 * Small things a newcomer trips over (issue 44, items 5, 7 and 9), at 1280 and 375 px with axe:
 * the close-account page has the account pages' layout and, once the application is submitted,
 * says what closing does and does not delete; the recommender's page names a missing letter once
 * in words, takes an ordinary long file name, and its dead-link and thank-you pages say their
 * piece without the upload's introduction; the sign-in cards' buttons say what they do; a phone
 * shows an anonymous visitor the welcome before any Submit.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdf } from '../fixtures/documents';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { appRunning, baseUrl, DESKTOP, expectAccessible, latestMail, newPage, PHONE, sessionContext, SETTLE, uniqueEmail, useBrowser } from './browser';

const browser = useBrowser();
const VIEWPORTS = [DESKTOP, PHONE];

/** Every line of text in `area` keeps at least `margin` px from both edges of the screen. */
async function offTheEdges(page: Page, area: Locator, margin = 12): Promise<string[]> {
  return area.evaluate((root, m) => {
    const out: string[] = [];
    for (const el of root.querySelectorAll('h1, h2, p, li, label')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.left < m || box.right > window.innerWidth - m) out.push(`${el.tagName} "${el.textContent?.slice(0, 30)}" at ${box.left}–${box.right}`);
    }
    return out;
  }, margin);
}

describe('closing an account', () => {
  for (const viewport of VIEWPORTS) {
    it(`has the account pages' layout, before and after submitting, at ${viewport.width} px`, async () => {
      const started = await registeredApplicant(baseUrl(), uniqueEmail('close-layout'));
      expect((await started.put('/api/answer', { first_name: 'Ada' })).status).toBe(200);
      const { context, page } = await sessionContext(browser(), started, { viewport });
      await page.goto('/account/close');
      await page.getByRole('heading', { level: 1, name: 'Close your account' }).waitFor();
      expect(await offTheEdges(page, page.locator('main'))).toEqual([]);
      // The status page's card: the same width and the same place.
      const card = await page
        .locator('main > *')
        .first()
        .evaluate((el) => getComputedStyle(el).maxWidth);
      expect(card).toBe('832px');
      await expectAccessible(page, `the close-account page at ${viewport.width}px`);
      await context.close();

      const submitted = await registeredApplicant(baseUrl(), uniqueEmail('close-submitted'));
      expect((await submitted.put('/api/answer', completeApplication())).status).toBe(200);
      expect((await submitted.post('/api/submit')).status).toBe(200);
      const after = await sessionContext(browser(), submitted, { viewport });
      await after.page.goto('/account/close');
      const main = after.page.locator('main');
      await after.page.getByRole('heading', { level: 1, name: 'Close your account' }).waitFor();
      await main.getByText('stays with the admissions office', { exact: false }).waitFor();
      const text = (await main.textContent()) ?? '';
      expect(text).not.toMatch(/every answer|letters already sent|cannot be deleted here/i);
      expect(await after.page.getByLabel('Your current password').count()).toBe(0);
      expect(await offTheEdges(after.page, main)).toEqual([]);
      await expectAccessible(after.page, `the close-account page of a submitted applicant at ${viewport.width}px`);
      await after.context.close();
    }, 90_000);
  }
});

describe("the recommender's page", () => {
  const INTRO = /upload your letter with a few details/;

  async function recommenderLink(): Promise<string> {
    const applicant = await registeredApplicant(baseUrl(), uniqueEmail('recs-first'));
    expect((await applicant.put('/api/answer', { first_name: 'Maya', last_name: 'Okafor', counselor_waiver_request: 'Y' })).status).toBe(200);
    const email = uniqueEmail('ottoline');
    const res = await applicant.post('/api/recommendations', { role: 'teacher', first_name: 'Ottoline', last_name: 'Brackwater', email });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const link = new URL((await latestMail(email)).link ?? '');
    return `${link.pathname}${link.search}`;
  }

  it('names a missing letter once, takes a long ordinary file name, and thanks without the introduction', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    await page.goto(await recommenderLink());
    await page.getByRole('heading', { level: 2, name: /^For\b/ }).waitFor(SETTLE);
    await appRunning(page);
    await page.getByRole('button', { name: 'Submit the recommendation' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.getByRole('link', { name: 'Upload your letter before submitting.' }).count()).toBe(1);
    expect(await page.locator('main').textContent()).not.toContain('file_name');
    await expectAccessible(page, 'the letter missing at 375px');

    const name = 'Recommendation_Ottoline_Brackwater_2026.pdf';
    await page
      .getByLabel('Your letter', { exact: true })
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf(['Maya is a careful, curious student.'])) });
    await page.getByText(`${name} is uploaded and ready`, { exact: false }).waitFor({ timeout: 60_000 });
    await page.getByLabel('How do you know the applicant?').fill('Her chemistry teacher');
    await page.getByLabel('Year you first met the applicant').fill(String(new Date().getFullYear() - 2));
    await page.getByRole('button', { name: 'Submit the recommendation' }).click();
    await page.getByRole('heading', { level: 2, name: 'Thank you: your letter has been submitted' }).waitFor(SETTLE);
    expect(await page.locator('main').textContent()).not.toMatch(INTRO);
    await expectAccessible(page, 'the thank-you page at 375px');
    await context.close();
  }, 120_000);

  for (const viewport of VIEWPORTS) {
    it(`says once that a dead link no longer works, without the upload's introduction, at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser(), viewport);
      await page.goto(`/recommend?token=${'x'.repeat(43)}`);
      await page.getByRole('heading', { level: 2, name: 'This link no longer works' }).waitFor();
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text.match(/This link no longer works/g)).toHaveLength(1);
      expect(text).toContain('Ask the applicant to send you a new one.');
      expect(text).not.toMatch(INTRO);
      await expectAccessible(page, `a dead link at ${viewport.width}px`);
      await context.close();
    });
  }
});

describe('buttons that say what they do', () => {
  it('the sign-in card says "Sign in" and the sign-up card "Create account"', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('on a phone an anonymous visitor reads the welcome before any Submit', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    await page.goto('/about');
    const welcome = page.getByRole('heading', { level: 2, name: /^Welcome to the/ });
    await welcome.waitFor();
    await appRunning(page);
    const welcomeTop = (await welcome.boundingBox())!.y;
    const submits = page.getByRole('button', { name: 'Submit', exact: true });
    for (let i = 0; i < (await submits.count()); i++) {
      const box = await submits.nth(i).boundingBox();
      if (box) expect(box.y, 'a Submit above the welcome').toBeGreaterThan(welcomeTop);
    }
    await expectAccessible(page, '/about for a visitor at 375px');
    await context.close();
  });
});
