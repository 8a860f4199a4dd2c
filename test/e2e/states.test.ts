/**
 * WCAG 2.2 AA in the states a page passes through, beyond each route's first view (smoke.test.ts):
 * signed in with the welcome panel and the account menu, tabs and add-another controls, dialogs,
 * card errors, the general error toast and the root error screen, on a phone and a desktop.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectOpenAccessible, loggedInContext, newPage, PHONE, useBrowser } from './browser';

const browser = useBrowser();

describe('a signed-in applicant’s pages stay accessible', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`with the welcome panel, the account menu, tabs, add-another and the Privacy dialog at ${viewport.width}px`, async () => {
      const { context, page, email } = await loggedInContext(browser(), viewport, 'a11y');
      await page.goto('/about');
      await page.getByRole('heading', { name: "You're in!" }).waitFor();
      await expectAccessible(page, 'signed in, with the welcome panel');

      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByText(email).waitFor();
      await expectOpenAccessible(page, page.locator('.account-menu__popover'), 'the open account menu');
      await page.keyboard.press('Escape');

      // Through the page navigation: a fresh load would resume at the recorded last page (/about).
      await page.getByRole('link', { name: '2. Your Academics' }).click();
      await page.getByRole('tab', { name: 'My counselor will send it' }).waitFor();
      await page.getByRole('button', { name: 'Add Another Activity' }).waitFor();
      await expectAccessible(page, 'tabs and add-another controls');

      await page.getByRole('button', { name: 'Privacy' }).click();
      await expectOpenAccessible(page, page.getByRole('dialog', { name: 'Privacy' }), 'the Privacy dialog');
      await context.close();
    });
  }
});

describe('errors are shown accessibly', () => {
  it('on the sign-in cards: a refused login, sign-up field errors, a wrong confirmation code', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert', { name: 'Login Card Error' }).waitFor();
    await expectAccessible(page, 'a refused login');

    await page.goto('/signup');
    await page.getByLabel('Email').fill('not an address');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Your email address must be valid.').waitFor();
    await expectAccessible(page, 'sign-up with field errors');

    await page.goto('/confirm');
    await page.getByLabel('Confirmation code').fill('12');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('The confirmation code must be exactly 6 numbers.').waitFor();
    await expectAccessible(page, 'a wrong confirmation code');
    await context.close();
  });

  it('as the Error toast when a read fails, with the form still there to use', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'a11y-toast');
    await page.route('**/api/tabs', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 503, json: { message: 'The saved tabs could not be read. Please try again later.' } })
        : route.continue(),
    );
    await page.goto('/education-ug');
    const toast = page.getByRole('alert').filter({ hasText: 'The saved tabs could not be read. Please try again later.' });
    await toast.waitFor();
    await expect.poll(() => toast.getByText('Error', { exact: true }).count()).toBe(1);
    await page.getByRole('heading', { level: 1, name: '2. Your Academics' }).waitFor();
    await expectAccessible(page, 'the Error toast over the form');
    await context.close();
  });

  // The profile cannot be read: the form shows the root error screen, and the sign-in screen stays.
  it.each([
    ['on the root error screen when the profile cannot be loaded', '/about', 'Something went wrong.', 'the root error screen'],
    ['without taking the sign-in screen away when the profile cannot be read', '/login', 'Sign In', '/login while the profile cannot be read'],
  ])('%s', async (_name, path, heading, what) => {
    const { context, page } = await loggedInContext(browser(), PHONE, 'a11y-profile');
    await page.route('**/api/profile', (route) => route.fulfill({ status: 500, json: { message: 'unavailable' } }));
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await expectAccessible(page, what);
    await context.close();
  });
});
