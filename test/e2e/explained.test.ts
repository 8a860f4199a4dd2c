/**
 * What a newcomer is told (issue 28): why they are on Sign Up, what a refused sign-in means, one
 * toast per outcome of a save instead of a stack, a saved toast that leaves a phone's page
 * readable, and the way back to the review after a Change link.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appRunning, DESKTOP, expectAccessible, loggedInContext, newPage, SETTLE, useBrowser } from './browser';

const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };
const REASON = 'Create an account to save your answers. What you typed is kept.';

async function typeFirstName(page: Page, value: string) {
  await page.getByLabel('First Name', { exact: true }).first().fill(value);
}

describe('an anonymous applicant who tries to save', () => {
  // The page list's Submit is not shown to an anonymous visitor on a phone (issue 44, item 9): that case is on a desktop.
  for (const [how, press, viewport] of [
    ['Save and continue', (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click(), PHONE_390],
    [
      'a page link',
      (page: Page) => page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: '2. Your Academics' }).click(),
      PHONE_390,
    ],
    ['Submit', (page: Page) => page.getByRole('navigation', { name: 'Application pages' }).getByRole('button', { name: 'Submit' }).click(), DESKTOP],
  ] as const) {
    it(`lands on Sign Up after ${how}, told why, with the answers kept`, async () => {
      const { context, page } = await newPage(browser(), viewport);
      await page.goto('/about');
      await page.getByRole('heading', { level: 1, name: '1. About You' }).waitFor();
      await appRunning(page);
      await typeFirstName(page, 'Ada');
      await press(page);
      await page.waitForURL('**/signup');
      await page.getByText(REASON).waitFor();
      await expectAccessible(page, `Sign Up with its reason after ${how}`);
      // The carried answers go on through the sign-up journey.
      expect(await page.evaluate(() => (history.state as { usr?: { studentAnswers?: Record<string, string> } })?.usr?.studentAnswers)).toEqual({
        first_name: 'Ada',
      });
      await context.close();
    });
  }

  it('does not see the reason on a Sign Up opened directly', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(REASON).count()).toBe(0);
    await context.close();
  });
});

describe('a refused sign-in', () => {
  it('speaks of the e-mail, as the field is labelled', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const error = page.getByRole('alert', { name: 'Login Card Error' });
    await error.waitFor();
    expect(await error.textContent()).toContain('Incorrect e-mail or password.');
    await context.close();
  });
});

describe('toasts', () => {
  it('a save that works replaces the failure before it instead of stacking green above red', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'toast-replace');
    await page.goto('/about');
    await typeFirstName(page, 'Ada');
    let failures = 1;
    await page.route('**/api/answer', async (route) => {
      if (route.request().method() === 'PUT' && failures-- > 0)
        return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Your answers could not be saved.' }) });
      return route.continue();
    });
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const region = page.getByRole('region', { name: 'Notifications (F8)' });
    await region.getByText('Your answers could not be saved.').waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL('**/education-ug');
    await region.getByText('Your answers have been saved.').waitFor();
    expect(await region.getByRole('listitem').count()).toBe(1);
    await context.close();
  });

  it('the saved toast on a 390 px phone covers none of the page', async () => {
    const { context, page } = await loggedInContext(browser(), PHONE_390, 'toast-phone');
    await page.goto('/about');
    await typeFirstName(page, 'Ada');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL('**/education-ug');
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
    await toast.getByText('Your answers have been saved.').waitFor();
    // No visible element of the page outside the toast is under it: measured first, as the toast goes after five seconds.
    const covered = await page.evaluate(() => {
      const t = document.querySelector('.toasts li')!.getBoundingClientRect();
      const hit = (r: DOMRect) => r.width > 0 && r.height > 0 && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
      return [...document.querySelectorAll('body *')]
        .filter(
          (el) => !el.closest('.toasts') && !el.contains(document.querySelector('.toasts')) && el.children.length === 0 && hit(el.getBoundingClientRect()),
        )
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 30)}`);
    });
    expect(covered).toEqual([]);
    await expectAccessible(page, 'the saved toast on a phone');
    await context.close();
  });
});

describe('a Change link on the review page', () => {
  it('opens the question with "Save and return to review", which returns there', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'change-return');
    await page.goto('/about');
    await typeFirstName(page, 'Ada');
    await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: 'Review your answers' }).click();
    await page.waitForURL('**/review');
    await page.getByRole('link', { name: 'Change First Name' }).click();
    await page.waitForURL('**/about#first_name');
    await typeFirstName(page, 'Augusta');
    await page.getByRole('button', { name: 'Save and return to review' }).click();
    await page.waitForURL('**/review');
    await expect.poll(() => page.locator('.review__row').filter({ hasText: 'First Name' }).first().textContent(), SETTLE).toContain('Augusta');
    await context.close();
  });
});
